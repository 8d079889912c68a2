// Shared SVG board view (anywidget). Draws model "shapes", "marks" and
// "highlighted"; sends {event: "click"|"drag", cell: id} on pointer events and
// {event: "release"} when the button is released after a press on a shape.
// Touch drags report the cells under the finger as "drag" events too.
const NS = "http://www.w3.org/2000/svg";

function el(tag, attrs) {
  const node = document.createElementNS(NS, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  return node;
}

function bounds(shapes) {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const s of shapes) {
    for (const [x, y] of s.points) {
      x0 = Math.min(x0, x); y0 = Math.min(y0, y);
      x1 = Math.max(x1, x); y1 = Math.max(y1, y);
    }
  }
  if (!isFinite(x0)) return [0, 0, 1, 1];
  const pad = 0.05 * Math.max(x1 - x0, y1 - y0);
  return [x0 - pad, y0 - pad, x1 - x0 + 2 * pad, y1 - y0 + 2 * pad];
}

function centroid(points) {
  const n = points.length;
  return [points.reduce((a, p) => a + p[0], 0) / n, points.reduce((a, p) => a + p[1], 0) / n];
}

function render({ model, el: root }) {
  root.classList.add("wb-board");
  const svg = el("svg", { class: "wb-board-svg" });
  root.appendChild(svg);
  let painting = false;

  function draw() {
    const shapes = model.get("shapes");
    const highlighted = new Set(model.get("highlighted"));
    const [x, y, w, h] = bounds(shapes);
    const width = model.get("width_px");
    svg.setAttribute("viewBox", `${x} ${y} ${w} ${h}`);
    svg.setAttribute("width", width);
    svg.setAttribute("height", Math.round((width * h) / w));
    svg.replaceChildren();
    for (const s of shapes) {
      const cls = highlighted.has(s.id) ? "wb-cell wb-highlight" : "wb-cell";
      const poly = el("polygon", {
        points: s.points.map((p) => p.join(",")).join(" "),
        fill: s.fill, stroke: s.stroke, class: cls, "data-cell": s.id,
      });
      if (s.title) poly.appendChild(el("title", {})).textContent = s.title;
      svg.appendChild(poly);
      if (s.label) {
        const [cx, cy] = s.at || centroid(s.points);
        const text = el("text", { x: cx, y: cy, class: "wb-label", "data-label": s.id });
        if (s.label_fill) text.setAttribute("fill", s.label_fill);
        text.textContent = s.label;
        svg.appendChild(text);
      }
    }
    for (const m of model.get("marks")) {
      let node;
      if (m.kind === "path") {
        node = el("polyline", {
          points: m.points.map((p) => p.join(",")).join(" "),
          stroke: m.stroke || "#c0392b", "stroke-width": m.width || 0.12,
          fill: "none", "stroke-linejoin": "round", "stroke-linecap": "round",
        });
        if (m.dash) node.setAttribute("stroke-dasharray", m.dash);
      } else if (m.kind === "circle") {
        node = el("circle", {
          cx: m.at[0], cy: m.at[1], r: m.r || 0.3,
          fill: m.fill || "#2c3e50", stroke: m.stroke || "none", "stroke-width": m.width || 0.04,
        });
      } else if (m.kind === "text") {
        node = el("text", { x: m.at[0], y: m.at[1], class: "wb-label", fill: m.fill || "#000" });
        // CSS sets the label font; a mark's own size and anchor go in its style.
        const style = [];
        if (m.size) style.push(`font-size: ${m.size}px`);
        if (m.anchor) style.push(`text-anchor: ${m.anchor}`);
        if (m.bold) style.push("font-weight: bold");
        if (style.length) node.setAttribute("style", style.join("; "));
        node.textContent = m.text;
      } else {
        continue;
      }
      node.classList.add("wb-mark");
      svg.appendChild(node);
    }
  }

  function cellOf(event) {
    const target = event.target.closest ? event.target.closest("[data-cell]") : null;
    return target ? target.getAttribute("data-cell") : null;
  }
  let touched = null;  // the cell a finger is on (touch pointers stay captured)
  function onDown(event) {
    const id = cellOf(event);
    if (id === null) return;
    painting = true;
    touched = id;
    event.preventDefault();
    model.send({ event: "click", cell: id });
  }
  // A touch pointer is captured by the element it went down on, so no pointerover
  // reaches the other cells: find the cell under the finger instead.
  function onTouchMove(event) {
    if (!painting || event.pointerType !== "touch") return;
    const under = document.elementFromPoint(event.clientX, event.clientY);
    const node = under && under.closest ? under.closest("[data-cell]") : null;
    if (node === null || !svg.contains(node)) return;
    const id = node.getAttribute("data-cell");
    if (id !== touched) {
      touched = id;
      model.send({ event: "drag", cell: id });
    }
  }
  function onOver(event) {
    if (!painting || !(event.buttons & 1) || event.pointerType === "touch") return;
    const id = cellOf(event);
    if (id !== null) model.send({ event: "drag", cell: id });
  }
  function onUp() {
    if (painting) model.send({ event: "release" });
    painting = false;
  }

  svg.addEventListener("pointerdown", onDown);
  svg.addEventListener("pointerover", onOver);
  svg.addEventListener("pointermove", onTouchMove);
  window.addEventListener("pointerup", onUp);
  for (const name of ["shapes", "marks", "highlighted", "width_px"]) {
    model.on(`change:${name}`, draw);
  }
  draw();
  return () => window.removeEventListener("pointerup", onUp);
}

export default { render };
