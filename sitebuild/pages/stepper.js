// The stepper figures of a page (sitebuild/pages/stepper.py): without this script each shows the
// final graph and its steps as a list; with it, one step at a time, with buttons, a slider and
// the arrow keys, and a live region that says what the step did.
(function () {
  function ids(text) { return text ? text.split(" ") : []; }
  document.querySelectorAll("figure.stepper").forEach(function (figure) {
    var items = figure.querySelectorAll(".stepper-frames li");
    var svg = figure.querySelector("svg");
    var lines = figure.querySelectorAll(".stepper-code [data-line]");
    var bar = document.createElement("div");
    bar.className = "stepper-controls";
    bar.innerHTML = '<button type="button" class="md-button"></button>' +
      '<input type="range" min="1" step="1"><button type="button" class="md-button"></button>' +
      '<span class="stepper-count"></span>';
    var buttons = bar.querySelectorAll("button"), slider = bar.querySelector("input");
    var count = bar.querySelector(".stepper-count");
    buttons[0].textContent = figure.dataset.previous;
    buttons[1].textContent = figure.dataset.next;
    slider.max = items.length;
    slider.setAttribute("aria-label", figure.dataset.slider);
    var now = document.createElement("p");
    now.className = "stepper-now";
    now.setAttribute("aria-live", "polite");
    var list = figure.querySelector(".stepper-frames");
    list.before(bar, now);
    list.hidden = true;
    function show(number) {
      number = Math.min(Math.max(number, 1), items.length);
      var frame = items[number - 1].dataset, shown = {};
      ids(frame.visible).forEach(function (id) { shown[id] = true; });
      svg.querySelectorAll("g.node, g.edge").forEach(function (group) {
        var match = /\bstep-(\w+)(?:-(\w+))?\b/.exec(group.getAttribute("class"));
        if (!match) return;
        var visible = match[2] ? shown[match[1]] && shown[match[2]] : shown[match[1]];
        group.classList.toggle("step-hidden", !visible);
        // A node is marked by the lists of the frame that name it; an edge never is.
        [["nodes", "step-now"], ["freed", "step-freed"], ["grads", "step-grad"]].forEach(function (pair) {
          group.classList.toggle(pair[1], !match[2] && ids(frame[pair[0]]).indexOf(match[1]) >= 0);
        });
      });
      lines.forEach(function (line) {
        line.classList.toggle("step-line", line.dataset.line === frame.line);
      });
      slider.value = number;
      buttons[0].disabled = number === 1;
      buttons[1].disabled = number === items.length;
      count.textContent = figure.dataset.count.replace("{n}", number).replace("{total}", items.length);
      now.innerHTML = items[number - 1].innerHTML;
      figure.dataset.step = number;
    }
    buttons[0].addEventListener("click", function () { show(+slider.value - 1); });
    buttons[1].addEventListener("click", function () { show(+slider.value + 1); });
    slider.addEventListener("input", function () { show(+slider.value); });
    figure.addEventListener("keydown", function (event) {
      if (event.target === slider) return;  // the slider moves itself on its arrow keys
      var step = {ArrowLeft: -1, ArrowRight: 1}[event.key];
      if (step) { event.preventDefault(); show(+slider.value + step); }
    });
    show(1);
  });
})();
