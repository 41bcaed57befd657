"""What the reader's browser gets beyond MkDocs' own: the head, search entries, dialogs."""
