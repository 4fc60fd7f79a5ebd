// Helpers shared by the two games' scripts: the API client, SVG drawing and the tabs.
"use strict";

const Duel = (() => {
  const SVG_NS = "http://www.w3.org/2000/svg";

  /** POSTs `body` as JSON (or GETs without one); resolves to the parsed answer, rejects with
   *  the API's error message. */
  async function api(path, body) {
    const options = body === undefined
      ? { method: "GET" }
      : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
    let response;
    try {
      response = await fetch(path, options);
    } catch (error) {
      document.getElementById("connection").textContent = "the server does not answer";
      throw new Error("the server does not answer: is duel serve still running?");
    }
    document.getElementById("connection").textContent = "";
    const answer = await response.json().catch(() => ({ error: `HTTP ${response.status}` }));
    if (!response.ok) {
      throw new Error(answer.error || `HTTP ${response.status}`);
    }
    return answer;
  }

  /** Creates an SVG element with attributes, optionally appended to `parent`. */
  function svg(tag, attributes, parent) {
    const element = document.createElementNS(SVG_NS, tag);
    for (const [name, value] of Object.entries(attributes || {})) {
      element.setAttribute(name, String(value));
    }
    if (parent) parent.appendChild(element);
    return element;
  }

  /** An SVG <text> element. */
  function svgText(content, attributes, parent) {
    const element = svg("text", attributes, parent);
    element.textContent = content;
    return element;
  }

  /** An HTML element with a class and text. */
  function html(tag, className, content, parent) {
    const element = document.createElement(tag);
    if (className) element.className = className;
    if (content !== undefined) element.textContent = content;
    if (parent) parent.appendChild(element);
    return element;
  }

  function clear(element) {
    while (element.firstChild) element.removeChild(element.firstChild);
  }

  /** "win by 2", "draw", "loss by 3": a value as people say it. */
  function describeMargin(margin) {
    if (margin > 0) return `win by ${margin}`;
    if (margin < 0) return `loss by ${-margin}`;
    return "draw";
  }

  function standingOf(margin) {
    return margin > 0 ? "win" : margin < 0 ? "loss" : "draw";
  }

  function showError(id, error) {
    document.getElementById(id).textContent = error ? String(error.message || error) : "";
  }

  function setStatus(id, state, message) {
    const status = document.getElementById(id);
    status.dataset.state = state;
    status.textContent = message;
  }

  function setupTabs() {
    const tabs = [["tab-ioiwari", "ioiwari-panel"], ["tab-mis", "mis-panel"], ["tab-viewer", "viewer-panel"]];
    const hashOf = { "tab-ioiwari": "#ioiwari", "tab-mis": "#mis", "tab-viewer": "#viewer" };
    for (const [tabId, panelId] of tabs) {
      document.getElementById(tabId).addEventListener("click", () => {
        for (const [otherTab, otherPanel] of tabs) {
          const active = otherTab === tabId;
          document.getElementById(otherTab).classList.toggle("active", active);
          document.getElementById(otherPanel).hidden = !active;
        }
        location.hash = hashOf[tabId];
      });
    }
    const follow = () => {
      const wanted = Object.keys(hashOf).find((tab) => hashOf[tab] === location.hash) || "tab-ioiwari";
      if (!document.getElementById(wanted).classList.contains("active")) {
        document.getElementById(wanted).click();
      }
    };
    window.addEventListener("hashchange", follow);
    if (location.hash === "#mis" || location.hash === "#viewer") follow();
  }

  /** "1 move", "2 moves": a count with its noun. */
  function plural(count, noun) {
    return `${count} ${noun}${count === 1 ? "" : "s"}`;
  }

  /** Waits `ms` milliseconds, so the computer's answer is seen as a separate move. */
  const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  document.addEventListener("DOMContentLoaded", setupTabs);

  return { api, svg, svgText, html, clear, describeMargin, standingOf, showError, setStatus, pause, plural };
})();
