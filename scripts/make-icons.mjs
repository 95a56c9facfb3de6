// Draws the app icons of the web app manifest (web/public/icons/*.png) from the favicon's shapes:
// a blue tile with a white page and a blue tick. `node scripts/make-icons.mjs` rewrites them.
// "any" icons are the rounded tile; "maskable" ones fill the square and keep the mark inside the
// central 80% safe zone, so any launcher mask (circle, squircle) leaves it whole.
import { writeFileSync } from "node:fs";
import { deflateSync } from "node:zlib";

const BLUE = [0x1d, 0x4e, 0xd8];
const WHITE = [0xff, 0xff, 0xff];

function crc32(buf) {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

function png(size, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0; // filter: none
    rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", header), chunk("IDAT", deflateSync(raw, { level: 9 })), chunk("IEND", Buffer.alloc(0))]);
}

const distToSegment = (px, py, ax, ay, bx, by) => {
  const t = Math.max(0, Math.min(1, ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)));
  return Math.hypot(px - (ax + t * (bx - ax)), py - (ay + t * (by - ay)));
};

/** The colour at a point of the favicon's 32 × 32 drawing, or null outside the tile. */
function sample(x, y, maskable) {
  if (!maskable) {
    const r = 7;
    const cx = Math.min(Math.max(x, r), 32 - r);
    const cy = Math.min(Math.max(y, r), 32 - r);
    if (Math.hypot(x - cx, y - cy) > r) return null;
  }
  // In a maskable icon the mark shrinks to the safe zone around the centre.
  const s = maskable ? 0.72 : 1;
  const u = (x - 16) / s + 16;
  const v = (y - 16) / s + 16;
  const onPage = u >= 9 && u <= 23 && v >= 8 && v <= 25 && !(u > 18 && v < 13 && u - 18 > v - 8);
  if (!onPage) return BLUE;
  const tick = Math.min(distToSegment(u, v, 12.5, 18.5, 15, 21), distToSegment(u, v, 15, 21, 20, 16));
  return tick <= 1 ? BLUE : WHITE;
}

function draw(size, maskable) {
  const out = Buffer.alloc(size * size * 4);
  const n = 4; // 4 × 4 samples per pixel
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0, g = 0, b = 0, a = 0;
      for (let sy = 0; sy < n; sy++) {
        for (let sx = 0; sx < n; sx++) {
          const c = sample(((px + (sx + 0.5) / n) / size) * 32, ((py + (sy + 0.5) / n) / size) * 32, maskable);
          if (!c) continue;
          r += c[0];
          g += c[1];
          b += c[2];
          a += 1;
        }
      }
      const i = (py * size + px) * 4;
      out[i] = a ? Math.round(r / a) : 0;
      out[i + 1] = a ? Math.round(g / a) : 0;
      out[i + 2] = a ? Math.round(b / a) : 0;
      out[i + 3] = Math.round((a / (n * n)) * 255);
    }
  }
  return png(size, out);
}

const dir = new URL("../web/public/icons/", import.meta.url);
for (const size of [192, 512]) {
  writeFileSync(new URL(`icon-${size}.png`, dir), draw(size, false));
  writeFileSync(new URL(`maskable-${size}.png`, dir), draw(size, true));
}
