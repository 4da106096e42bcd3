// Bundles the page with esbuild: src/main.tsx and src/styles.css to dist/, minified, with a
// gzip copy of each file beside it (api/play.py sends it to browsers that accept gzip), and
// dist/index.html. Type-checking is tsc's (`npm run typecheck`), not esbuild's.
import { build } from "esbuild";
import { copyFile, mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { gzipSync } from "node:zlib";

const out = "dist";
await rm(out, { recursive: true, force: true });
await mkdir(out, { recursive: true });
await build({
  entryPoints: { play: "src/main.tsx" },
  bundle: true,
  minify: true,
  format: "esm",
  target: ["es2022"],
  jsx: "automatic",
  jsxImportSource: "preact",
  outdir: out,
  sourcemap: "linked",
  legalComments: "none",
  logLevel: "warning",
});
await build({
  entryPoints: { play: "src/styles.css" },
  bundle: true,
  minify: true,
  outdir: out,
  logLevel: "warning",
});
await copyFile("src/index.html", `${out}/index.html`);
for (const name of await readdir(out)) {
  if (name.endsWith(".map")) continue;
  const body = await readFile(`${out}/${name}`);
  await writeFile(`${out}/${name}.gz`, gzipSync(body, { level: 9 }));
}
