// The single-file loader (crates/bundle/src/loader.js), appended by the
// bundler to the wasm-bindgen glue above, in the same module. The wasm and
// the catalogues travel inside the page as base64 of their gzip, because a
// page opened from file:// may not fetch a file next to it; they are
// unpacked here with DecompressionStream: each catalogue into the data
// block the page reads in place of fetching it (a JSON script element with
// the id catalogue-<tag>), and the wasm handed to the glue as bytes (no
// fetch, no eval). A failure goes to the start
// watchdog (main.js, inlined before this), which shows index.html's words
// for it.
const workbenchWasmGzip = '@WASM_GZIP_BASE64@';
// The catalogues' texts joined by NUL (which no JSON text holds raw), in
// one stream: the two languages share much, so they pack better together.
const workbenchCataloguesGzip = '@CATALOGUES_GZIP_BASE64@';
const workbenchCatalogueTags = @CATALOGUE_TAGS@;

// An experiment this file carries (the authoring panel's Download single
// file: a meta named function-tools-experiment, its content x=1.…) opens as
// from its link: its x= part goes before the address's fragment, unless the
// address carries an experiment of its own. A fragment change only: no
// request, and the page reads it as it reads a link.
const workbenchCarried = document.querySelector('meta[name=function-tools-experiment]')?.content;
if (workbenchCarried?.startsWith('x=') && !/(^#|&)x=/.test(location.hash)) {
  location.replace(`#${workbenchCarried}${location.hash.replace('#', '&')}`);
}

function workbenchUnpack(base64) {
  const text = atob(base64);
  const packed = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i += 1) packed[i] = text.charCodeAt(i);
  return new Response(new Blob([packed]).stream().pipeThrough(new DecompressionStream('gzip')));
}

async function workbenchStart() {
  const texts = (await workbenchUnpack(workbenchCataloguesGzip).text()).split('\0');
  workbenchCatalogueTags.forEach((tag, i) => {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = `catalogue-${tag}`;
    block.textContent = texts[i];
    document.head.append(block);
  });
  const bytes = await workbenchUnpack(workbenchWasmGzip).arrayBuffer();
  await @INIT@({ module_or_path: bytes });
}

workbenchStart().catch((error) => self.workbenchFailed('error', error));
