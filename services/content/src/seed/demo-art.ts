/**
 * The content demo's pictures and exposés, drawn at seed time (no binary files in the repository, no internet):
 * SVG scenes rendered by sharp, exposés laid out by pdf-lib. Deterministic: the same arguments give the same bytes.
 */
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';

/**
 * Wider than the largest image size (1920 px, `IMAGE_WIDTHS.large`), so every demo image has all six sizes.
 * 3:2 like a camera's picture.
 */
export const PHOTO_WIDTH = 2000;
export const PHOTO_HEIGHT = 1334;

/** A small deterministic generator (mulberry32), so a scene is the same at every seed. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface SceneOptions {
  /** varies windows, trees and clouds */
  seed: number;
  /** facade colour (HSL hue) */
  hue: number;
  /** storeys of the main building */
  floors: number;
  /** evening light instead of day */
  evening?: boolean;
  /** an interior (living room) instead of a facade */
  interior?: boolean;
}

/** A residential building (or a living room) as a JPEG of PHOTO_WIDTH × PHOTO_HEIGHT. */
export function renderScene(options: SceneOptions): Promise<Buffer> {
  const svg = options.interior ? interiorSvg(options) : facadeSvg(options);
  return sharp(Buffer.from(svg)).jpeg({ quality: 78 }).toBuffer();
}

function facadeSvg({ seed, hue, floors, evening = false }: SceneOptions): string {
  const rnd = random(seed);
  const W = PHOTO_WIDTH;
  const H = PHOTO_HEIGHT;
  const ground = H * 0.82;
  const sky = evening ? ['#1f2a4d', '#f0a36b'] : ['#6fa8dc', '#dcecf8'];
  const floorH = Math.min(110, (ground - 160) / floors);
  const bx = W * 0.22;
  const bw = W * 0.56;
  const top = ground - floors * floorH;
  const parts: string[] = [
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky[0]}"/><stop offset="1" stop-color="${sky[1]}"/></linearGradient></defs>`,
    `<rect width="${W}" height="${H}" fill="url(#sky)"/>`,
  ];
  for (let i = 0; i < 4; i++) {
    const cx = rnd() * W;
    const cy = 80 + rnd() * 260;
    parts.push(
      `<ellipse cx="${cx}" cy="${cy}" rx="${120 + rnd() * 140}" ry="${30 + rnd() * 30}" fill="#fff" opacity="${evening ? 0.15 : 0.7}"/>`,
    );
  }
  // neighbouring buildings
  parts.push(`<rect x="0" y="${ground - 420}" width="${bx - 40}" height="420" fill="hsl(${hue + 40},12%,62%)"/>`);
  parts.push(
    `<rect x="${bx + bw + 40}" y="${ground - 360}" width="${W - bx - bw - 40}" height="360" fill="hsl(${hue - 30},10%,58%)"/>`,
  );
  // main building: facade, balconies, windows, roof
  parts.push(`<rect x="${bx}" y="${top}" width="${bw}" height="${ground - top}" fill="hsl(${hue},35%,86%)"/>`);
  parts.push(`<rect x="${bx - 20}" y="${top - 26}" width="${bw + 40}" height="26" fill="hsl(${hue},20%,30%)"/>`);
  const cols = 7;
  const cw = bw / cols;
  for (let f = 0; f < floors; f++) {
    const y = top + f * floorH;
    for (let c = 0; c < cols; c++) {
      const lit = evening && rnd() > 0.45;
      parts.push(
        `<rect x="${bx + c * cw + cw * 0.2}" y="${y + floorH * 0.18}" width="${cw * 0.6}" height="${floorH * 0.6}" fill="${lit ? '#ffd98a' : `hsl(${hue + 180},25%,${30 + rnd() * 15}%)`}"/>`,
      );
    }
    if (f > 0)
      parts.push(
        `<rect x="${bx - 12}" y="${y + floorH * 0.78}" width="${bw + 24}" height="${floorH * 0.1}" fill="hsl(${hue},15%,45%)" opacity="0.85"/>`,
      );
  }
  parts.push(`<rect x="0" y="${ground}" width="${W}" height="${H - ground}" fill="#7fa66a"/>`);
  parts.push(`<rect x="0" y="${ground + 70}" width="${W}" height="60" fill="#b9b4aa"/>`);
  for (let i = 0; i < 9; i++) {
    const x = rnd() * W;
    const r = 50 + rnd() * 60;
    parts.push(`<rect x="${x - 8}" y="${ground - 10}" width="16" height="${r}" fill="#5b4a3a"/>`);
    parts.push(
      `<circle cx="${x}" cy="${ground - 10 - r * 0.4}" r="${r}" fill="hsl(${100 + rnd() * 30},35%,${30 + rnd() * 12}%)"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${parts.join('')}</svg>`;
}

function interiorSvg({ seed, hue }: SceneOptions): string {
  const rnd = random(seed);
  const W = PHOTO_WIDTH;
  const H = PHOTO_HEIGHT;
  const floor = H * 0.7;
  const parts = [
    `<rect width="${W}" height="${floor}" fill="hsl(${hue},20%,92%)"/>`,
    `<rect y="${floor}" width="${W}" height="${H - floor}" fill="hsl(30,35%,${55 + rnd() * 10}%)"/>`,
    // a window with a view
    `<rect x="${W * 0.55}" y="${H * 0.12}" width="${W * 0.35}" height="${H * 0.5}" fill="#a9cdea" stroke="#fff" stroke-width="24"/>`,
    `<line x1="${W * 0.725}" y1="${H * 0.12}" x2="${W * 0.725}" y2="${H * 0.62}" stroke="#fff" stroke-width="16"/>`,
    // sofa, table, lamp, picture
    `<rect x="${W * 0.08}" y="${floor - 200}" width="${W * 0.38}" height="200" rx="30" fill="hsl(${hue + 180},30%,40%)"/>`,
    `<rect x="${W * 0.06}" y="${floor - 290}" width="${W * 0.42}" height="120" rx="30" fill="hsl(${hue + 180},30%,34%)"/>`,
    `<ellipse cx="${W * 0.3}" cy="${floor + 120}" rx="${W * 0.14}" ry="40" fill="#ece6dc"/>`,
    `<rect x="${W * 0.5}" y="${floor - 420}" width="10" height="420" fill="#333"/>`,
    `<path d="M ${W * 0.5 - 70} ${floor - 420} L ${W * 0.5 + 80} ${floor - 420} L ${W * 0.5 + 40} ${floor - 520} L ${W * 0.5 - 30} ${floor - 520} Z" fill="#f6e7b4"/>`,
    `<rect x="${W * 0.14}" y="${H * 0.14}" width="${W * 0.22}" height="${H * 0.22}" fill="hsl(${hue + 90},40%,60%)" stroke="#444" stroke-width="12"/>`,
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${parts.join('')}</svg>`;
}

export interface PlanRoom {
  name: string;
  /** m² */
  area: number;
}

/** A floor plan as a PNG (an upload: the floor plans block shows its JPEG preview and opens it in the lightbox). */
export function renderFloorPlan(title: string, rooms: readonly PlanRoom[]): Promise<Buffer> {
  const W = 1600;
  const H = 1100;
  const pad = 80;
  const total = rooms.reduce((s, r) => s + r.area, 0);
  // rooms side by side in two rows, widths by area
  const rows = [rooms.slice(0, Math.ceil(rooms.length / 2)), rooms.slice(Math.ceil(rooms.length / 2))];
  const rowH = (H - 2 * pad - 80) / 2;
  const parts: string[] = [`<rect width="${W}" height="${H}" fill="#fff"/>`];
  rows.forEach((row, ri) => {
    const rowArea = row.reduce((s, r) => s + r.area, 0) || 1;
    let x = pad;
    for (const room of row) {
      const w = ((W - 2 * pad) * room.area) / rowArea;
      const y = pad + 80 + ri * rowH;
      parts.push(
        `<rect x="${x}" y="${y}" width="${w}" height="${rowH}" fill="#f4f1ea" stroke="#222" stroke-width="10"/>`,
      );
      parts.push(
        `<text x="${x + w / 2}" y="${y + rowH / 2}" font-family="sans-serif" font-size="34" text-anchor="middle" fill="#222">${escapeXml(room.name)}</text>`,
      );
      parts.push(
        `<text x="${x + w / 2}" y="${y + rowH / 2 + 44}" font-family="sans-serif" font-size="28" text-anchor="middle" fill="#555">${room.area.toFixed(1).replace('.', ',')} m²</text>`,
      );
      x += w;
    }
  });
  parts.push(
    `<text x="${pad}" y="${pad + 30}" font-family="sans-serif" font-size="40" font-weight="bold" fill="#222">${escapeXml(title)} · ${total.toFixed(1).replace('.', ',')} m²</text>`,
  );
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${parts.join('')}</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toBuffer();
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export interface ExposeObject {
  top: string;
  floor: string;
  rooms: number;
  area: number;
  price: string;
  status: string;
}

/** A project's exposé: title, address, picture, description, the table of its objects and the contact. */
export async function renderExpose(expose: {
  title: string;
  address: string;
  text: string;
  photo: Buffer;
  objects: readonly ExposeObject[];
  contact: string;
}): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Exposé ${expose.title}`);
  pdf.setAuthor('Donau Wohnbau (Demo)');
  // fixed dates, so the same exposé gives the same bytes
  pdf.setCreationDate(new Date('2026-01-01T00:00:00Z'));
  pdf.setModificationDate(new Date('2026-01-01T00:00:00Z'));
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage([595.28, 841.89]); // A4
  const photo = await pdf.embedJpg(await sharp(expose.photo).resize({ width: 1000 }).jpeg({ quality: 70 }).toBuffer());
  const left = 50;
  let y = 790;
  page.drawText('Exposé', { x: left, y, size: 12, font: regular, color: rgb(0.35, 0.35, 0.35) });
  y -= 30;
  page.drawText(expose.title, { x: left, y, size: 24, font: bold });
  y -= 20;
  page.drawText(expose.address, { x: left, y, size: 11, font: regular });
  const width = 495;
  const height = (width * photo.height) / photo.width;
  y -= height + 16;
  page.drawImage(photo, { x: left, y, width, height });
  y -= 24;
  for (const line of wrap(expose.text, 95)) {
    page.drawText(line, { x: left, y, size: 11, font: regular });
    y -= 15;
  }
  y -= 12;
  const columns: Array<[string, number]> = [
    ['Top', 0],
    ['Geschoss', 50],
    ['Zimmer', 140],
    ['Fläche', 200],
    ['Preis', 280],
    ['Status', 390],
  ];
  for (const [label, x] of columns) page.drawText(label, { x: left + x, y, size: 10, font: bold });
  y -= 14;
  for (const o of expose.objects) {
    const cells = [o.top, o.floor, String(o.rooms), `${o.area.toFixed(1).replace('.', ',')} m²`, o.price, o.status];
    cells.forEach((cell, i) => page.drawText(cell, { x: left + columns[i][1], y, size: 10, font: regular }));
    y -= 13;
  }
  page.drawText(expose.contact, { x: left, y: 50, size: 9, font: regular, color: rgb(0.35, 0.35, 0.35) });
  return Buffer.from(await pdf.save());
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + word.length + 1 > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}
