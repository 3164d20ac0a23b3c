// The single-file loader (crates/bundle/src/loader.js), appended by the
// bundler to the wasm-bindgen glue above, in the same module. The wasm
// travels inside the page as base64 of its gzip, because a page opened from
// file:// may not fetch a .wasm file next to it; it is unpacked here with
// DecompressionStream and handed to the glue as bytes (no fetch, no eval).
// A failure goes to the start watchdog (start.js, inlined before this),
// which shows index.html's words for it.
const workbenchWasmGzip = '@WASM_GZIP_BASE64@';

// An experiment this file carries (the authoring panel's Download single
// file: a meta named function-tools-experiment, its content x=1.…) opens as
// from its link: its x= part goes before the address's fragment, unless the
// address carries an experiment of its own. A fragment change only: no
// request, and the page reads it as it reads a link.
const workbenchCarried = document.querySelector('meta[name=function-tools-experiment]')?.content;
if (workbenchCarried?.startsWith('x=') && !/(^#|&)x=/.test(location.hash)) {
  location.replace(`#${workbenchCarried}${location.hash.replace('#', '&')}`);
}

async function workbenchStart() {
  const text = atob(workbenchWasmGzip);
  const packed = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i += 1) packed[i] = text.charCodeAt(i);
  const unpacked = new Blob([packed]).stream().pipeThrough(new DecompressionStream('gzip'));
  const bytes = await new Response(unpacked).arrayBuffer();
  await @INIT@({ module_or_path: bytes });
}

workbenchStart().catch((error) => self.workbenchFailed('error', error));
