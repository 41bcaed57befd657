"""What a page holds: includes, run outputs, figures, notebooks, console examples."""
