// The page's DOM helpers, shared by the shell, the review and the screens (through the shell's
// tools): h() builds elements, morph() updates a tree in place, fill() replaces children,
// stylesheet() adds a sheet once. Every string is inserted as text, never markup.
/** What went wrong, in words: a thrown error's message, else the thing thrown itself (a
 * catch clause's value is ``unknown``: anything may be thrown).
 * @param {unknown} err */
export function errorText(err) {
  return String((err instanceof Error && err.message) || err);
}

const listening = new WeakMap(); // element -> {event type: listener}, as h() added them (for morph)

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on")) {
      el.addEventListener(k.slice(2), v);
      if (!listening.has(el)) listening.set(el, {});
      listening.get(el)[k.slice(2)] = v;
    }
    else if (k === "class") el.className = v;
    else if (k === "text") el.textContent = v;
    else el.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) el.append(c);
  return el;
}

/** Make ``from``, on the page, the same as ``to``, freshly built by h(): its attributes, text,
 * listeners and children (matched by id, else by position) become those of ``to``; returns the
 * node now on the page. What did not change is not rebuilt, so the browser styles, lays out and
 * paints only what did, and a focused button stays focused (removing it made the browser
 * restyle the page at once). Only for trees that keep no state of their own: no canvas, no form
 * field. */
export function morph(from, to) {
  if (from.nodeName !== to.nodeName || from.nodeName === "CANVAS") {
    from.replaceWith(to);
    return to;
  }
  if (from.nodeType !== Node.ELEMENT_NODE) {
    if (from.nodeValue !== to.nodeValue) from.nodeValue = to.nodeValue;
    return from;
  }
  for (const name of from.getAttributeNames()) if (!to.hasAttribute(name)) from.removeAttribute(name);
  for (const name of to.getAttributeNames()) {
    const value = to.getAttribute(name);
    if (from.getAttribute(name) !== value) from.setAttribute(name, value);
  }
  const before = listening.get(from);
  const after = listening.get(to);
  if (before) for (const [type, fn] of Object.entries(before)) from.removeEventListener(type, fn);
  if (after) for (const [type, fn] of Object.entries(after)) from.addEventListener(type, fn);
  if (after) listening.set(from, after); else listening.delete(from);
  // A child with an id takes the old child with that id (an optional button before it does not
  // shift it); one without takes the next old child that no new child claims by its id.
  let claimed = null;
  for (const c of to.children) if (c.id) (claimed || (claimed = new Set())).add(c.id);
  const byId = new Map();
  for (const c of [...from.children]) {
    if (!c.id) continue;
    if (claimed && claimed.has(c.id)) byId.set(c.id, c);
    else c.remove(); // gone: the rest keep their places
  }
  let at = from.firstChild;
  for (const child of [...to.childNodes]) {
    const id = child.nodeType === Node.ELEMENT_NODE ? child.id : "";
    const old = id ? byId.get(id) || null : at && at.nodeType === Node.ELEMENT_NODE && at.id ? null : at;
    if (!old) {
      from.insertBefore(child, at);
      continue;
    }
    if (old !== at) from.insertBefore(old, at);
    at = morph(old, child).nextSibling;
  }
  while (at) {
    const gone = at;
    at = at.nextSibling;
    gone.remove();
  }
  return from;
}

/** Add the stylesheet at ``href`` (a screen's own, or a part's of the shell) once: a second
 * call for the same file does nothing. ``loaded`` runs when it has loaded (a canvas drawn
 * before its styles came may need drawing again). */
const sheets = new Set(); // every href asked for: screens ask on each render, so a Set, not the DOM
export function stylesheet(href, loaded) {
  if (sheets.has(href)) return;
  sheets.add(href);
  const url = new URL(href, document.baseURI).href;
  if ([.../** @type {NodeListOf<HTMLLinkElement>} */ (document.querySelectorAll("link[rel=stylesheet]"))].some((l) => l.href === url)) return;
  const link = h("link", { rel: "stylesheet", href: url });
  if (loaded) link.addEventListener("load", loaded);
  document.head.append(link);
}

export function fill(el, ...children) {
  el.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
  return el;
}
