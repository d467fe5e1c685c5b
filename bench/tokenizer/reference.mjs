// The reference side of the tokenizer benchmark: the npm package "tiktoken" (the WASM build of
// OpenAI's Rust tiktoken) encodes the same texts, single-threaded, and prints one JSON line per
// encoding and text. Usage: node reference.mjs NODE_MODULES_DIR TEXTS_DIR
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';

const [modulesDir, textsDir] = process.argv.slice(2);
const require = createRequire(path.join(path.resolve(modulesDir), 'noop.js'));
const { get_encoding } = require('tiktoken');

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

for (const encoding of ['cl100k_base', 'o200k_base']) {
    const loadStart = performance.now();
    const enc = get_encoding(encoding);
    const loadMs = performance.now() - loadStart;
    for (const name of ['english', 'chinese']) {
        const text = fs.readFileSync(path.join(textsDir, name + '.txt'), 'utf8');
        const bytes = Buffer.byteLength(text, 'utf8');
        let tokens = 0;
        enc.encode(text); // warm up the JIT and the WASM memory
        const times = [];
        for (let i = 0; i < 5; ++i) {
            const start = performance.now();
            tokens = enc.encode(text).length;
            times.push(performance.now() - start);
        }
        const seconds = median(times) / 1000;
        console.log(JSON.stringify({
            encoding, text: name, bytes, tokens, seconds,
            mb_per_s: bytes / seconds / 1e6, load_ms: loadMs,
        }));
    }
    enc.free();
}
