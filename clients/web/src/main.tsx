/** Mounts the page (served by the API at /play, api/play.py). */
import { render } from "preact";
import { App } from "./app.js";

const root = document.getElementById("app");
if (root !== null) {
  root.replaceChildren();
  render(<App />, root);
}
