// Renders the site's illustrations (original SVG art, warm West-African palette) into responsive AVIF + WebP.
// No network, no stock photos: every picture is drawn here from shapes, so it is ours and stays small.
// Usage: node scripts/make-images.mjs   (outputs are committed under apps/web/public/images/)
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.join(ROOT, 'apps/web/public/images');

const C = {
  terracotta: '#c2410c',
  ochre: '#d97706',
  gold: '#f59e0b',
  sand: '#fde68a',
  cream: '#fef3c7',
  green: '#065f46',
  leaf: '#15803d',
  lime: '#65a30d',
  indigo: '#1e3a8a',
  blue: '#2563eb',
  brown: '#7c2d12',
  dark: '#3f1d0b',
  teal: '#0f766e',
  plum: '#9d174d',
  rose: '#e11d48',
  white: '#fffbeb',
  skin: ['#8d5524', '#6b3e1e', '#a0642f', '#5a3418'],
};

// Deterministic pseudo-random numbers so a re-run produces identical files.
function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const g = (body, transform = '') => `<g transform="${transform}">${body}</g>`;

function sky(w, h, top, bottom, id = 'sky') {
  return `<defs><linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#${id})"/>`;
}

function sun(cx, cy, r, color = C.gold, rays = true) {
  let out = `<circle cx="${cx}" cy="${cy}" r="${r * 1.5}" fill="${color}" opacity=".25"/><circle cx="${cx}" cy="${cy}" r="${r}" fill="${color}"/>`;
  if (rays) {
    for (let i = 0; i < 12; i++) {
      const a = (i * Math.PI) / 6;
      const x1 = cx + Math.cos(a) * r * 1.7;
      const y1 = cy + Math.sin(a) * r * 1.7;
      const x2 = cx + Math.cos(a) * r * 2.2;
      const y2 = cy + Math.sin(a) * r * 2.2;
      out += `<line x1="${x1.toFixed(1)}" y1="${y1.toFixed(1)}" x2="${x2.toFixed(1)}" y2="${y2.toFixed(1)}" stroke="${color}" stroke-width="${r * 0.12}" stroke-linecap="round" opacity=".7"/>`;
    }
  }
  return out;
}

function hill(w, h, y, amp, color, phase = 0) {
  const pts = [];
  for (let x = 0; x <= w; x += w / 8) pts.push(`${x.toFixed(0)},${(y + Math.sin((x / w) * Math.PI * 2 + phase) * amp).toFixed(0)}`);
  return `<path d="M0,${h} L${pts.join(' L')} L${w},${h} Z" fill="${color}"/>`;
}

/** A standing figure whose feet are at (x, y); s = scale (1 ≈ 150 px tall). */
function person(x, y, s, { skin = C.skin[0], cloth = C.terracotta, wrap = null, arms = 'down', carry = null } = {}) {
  const head = `<circle cx="0" cy="-128" r="18" fill="${skin}"/>`;
  const hat = wrap ? `<path d="M-22,-134 Q0,-170 22,-134 Q0,-142 -22,-134Z" fill="${wrap}"/>` : '';
  const neck = `<rect x="-6" y="-112" width="12" height="10" fill="${skin}"/>`;
  const body = `<path d="M-24,-104 Q0,-110 24,-104 L34,0 L-34,0 Z" fill="${cloth}"/><path d="M-30,-40 L30,-40 L32,-30 L-32,-30Z" fill="${C.cream}" opacity=".55"/>`;
  const armUp = `<path d="M-22,-100 L-40,-150" stroke="${skin}" stroke-width="9" stroke-linecap="round"/><path d="M22,-100 L40,-150" stroke="${skin}" stroke-width="9" stroke-linecap="round"/>`;
  const armDown = `<path d="M-22,-100 L-32,-50" stroke="${skin}" stroke-width="9" stroke-linecap="round"/><path d="M22,-100 L32,-50" stroke="${skin}" stroke-width="9" stroke-linecap="round"/>`;
  const legs = `<rect x="-16" y="0" width="10" height="22" fill="${skin}"/><rect x="6" y="0" width="10" height="22" fill="${skin}"/>`;
  const load =
    carry === 'basket'
      ? `<path d="M-34,-150 L34,-150 L24,-176 L-24,-176Z" fill="${C.ochre}"/><circle cx="-10" cy="-182" r="9" fill="${C.rose}"/><circle cx="8" cy="-184" r="10" fill="${C.lime}"/>`
      : '';
  return g(legs + body + neck + head + hat + (arms === 'up' ? armUp : armDown) + load, `translate(${x},${y}) scale(${s})`);
}

function hut(x, y, s, wall = C.ochre, roof = C.brown) {
  return g(
    `<rect x="-60" y="-80" width="120" height="80" rx="10" fill="${wall}"/><path d="M-80,-70 L0,-150 L80,-70Z" fill="${roof}"/><rect x="-16" y="-50" width="32" height="50" rx="14" fill="${C.dark}"/>`,
    `translate(${x},${y}) scale(${s})`,
  );
}

function baobab(x, y, s) {
  return g(
    `<path d="M-30,0 Q-22,-90 -34,-160 L34,-160 Q22,-90 30,0Z" fill="${C.brown}"/><path d="M-30,-150 L-90,-200 M30,-150 L90,-205 M0,-160 L0,-225" stroke="${C.brown}" stroke-width="14" stroke-linecap="round"/><circle cx="-95" cy="-215" r="42" fill="${C.leaf}"/><circle cx="95" cy="-220" r="46" fill="${C.leaf}"/><circle cx="0" cy="-245" r="52" fill="${C.green}"/><circle cx="-45" cy="-235" r="34" fill="${C.lime}" opacity=".8"/>`,
    `translate(${x},${y}) scale(${s})`,
  );
}

/** Wax-print inspired tiling used as background texture. */
function waxPattern(id, fg, bg, kind = 'dots') {
  const motif = {
    dots: `<circle cx="20" cy="20" r="8" fill="${fg}"/><circle cx="0" cy="0" r="4" fill="${fg}"/><circle cx="40" cy="40" r="4" fill="${fg}"/>`,
    diamonds: `<path d="M20,4 L36,20 L20,36 L4,20Z" fill="none" stroke="${fg}" stroke-width="3"/><circle cx="20" cy="20" r="4" fill="${fg}"/>`,
    waves: `<path d="M0,20 Q10,8 20,20 T40,20" fill="none" stroke="${fg}" stroke-width="4"/>`,
  }[kind];
  return `<defs><pattern id="${id}" width="40" height="40" patternUnits="userSpaceOnUse"><rect width="40" height="40" fill="${bg}"/>${motif}</pattern></defs>`;
}

// Theme props, drawn around (0,0) in a ~240 px box.
const PROPS = {
  food: () =>
    `<path d="M-130,-10 Q0,150 130,-10Z" fill="${C.terracotta}"/><path d="M-130,-10 L130,-10" stroke="${C.brown}" stroke-width="10" stroke-linecap="round"/><path d="M-110,-12 Q0,-110 110,-12Z" fill="${C.cream}"/><circle cx="-40" cy="-40" r="14" fill="${C.rose}"/><circle cx="30" cy="-52" r="16" fill="${C.lime}"/><circle cx="70" cy="-28" r="12" fill="${C.gold}"/>` +
    [-50, 0, 50]
      .map(
        (x) =>
          `<path d="M${x},-110 q-14,-22 0,-44 q14,-22 0,-44" fill="none" stroke="${C.white}" stroke-width="7" stroke-linecap="round" opacity=".8"/>`,
      )
      .join(''),
  health: () =>
    `<circle r="120" fill="${C.white}"/><path d="M-30,-85 h60 v55 h55 v60 h-55 v55 h-60 v-55 h-55 v-60 h55Z" fill="${C.terracotta}"/><path d="M70,95 q25,-30 50,0 q25,30 -25,60 q-50,-30 -25,-60Z" fill="${C.rose}"/>`,
  education: () =>
    `<path d="M-150,40 Q-75,0 0,40 Q75,0 150,40 L150,-60 Q75,-100 0,-60 Q-75,-100 -150,-60Z" fill="${C.white}"/><path d="M0,-60 L0,40" stroke="${C.brown}" stroke-width="6"/>` +
    [-40, -20, 0, 20]
      .map(
        (y) =>
          `<path d="M-125,${y - 10} Q-70,${y - 35} -20,${y - 10}" fill="none" stroke="${C.indigo}" stroke-width="5" opacity=".5"/><path d="M20,${y - 10} Q70,${y - 35} 125,${y - 10}" fill="none" stroke="${C.indigo}" stroke-width="5" opacity=".5"/>`,
      )
      .join('') +
    `<path d="M-90,-120 L0,-160 L90,-120 L0,-80Z" fill="${C.dark}"/><path d="M60,-108 L60,-60" stroke="${C.gold}" stroke-width="6"/><circle cx="60" cy="-55" r="9" fill="${C.gold}"/>`,
  housing: () =>
    `<rect x="-120" y="-60" width="240" height="150" fill="${C.ochre}"/><path d="M-150,-50 L0,-170 L150,-50Z" fill="${C.terracotta}"/><rect x="-28" y="10" width="56" height="80" fill="${C.brown}"/><rect x="-95" y="-25" width="45" height="45" fill="${C.sand}"/><rect x="50" y="-25" width="45" height="45" fill="${C.sand}"/><path d="M-72,-25 v45 M-95,-2 h45 M72,-25 v45 M50,-2 h45" stroke="${C.brown}" stroke-width="5"/>`,
  clothing: () =>
    `<path d="M-170,-130 Q0,-100 170,-130" fill="none" stroke="${C.dark}" stroke-width="5"/><path d="M-130,-118 L-70,-112 L-40,-90 L-55,-70 L-70,-80 L-70,40 L-130,40 L-130,-80 L-145,-70 L-160,-90Z" fill="${C.indigo}"/><path d="M-130,-40 h60 M-130,0 h60" stroke="${C.gold}" stroke-width="8"/><path d="M30,-110 L90,-110 L100,-80 L140,60 L-20,60 L20,-80Z" fill="${C.plum}"/>` +
    [-60, -20, 20]
      .map((y) => `<circle cx="45" cy="${y}" r="8" fill="${C.sand}"/><circle cx="85" cy="${y + 20}" r="8" fill="${C.sand}"/>`)
      .join(''),
  energy: () =>
    `<path d="M-160,60 L-60,-40 L120,-40 L20,60Z" fill="${C.indigo}"/><path d="M-110,10 L70,10 M-60,-40 L-140,40 M-10,-40 L-90,60 M50,-40 L-30,60 M100,-40 L20,60" stroke="${C.blue}" stroke-width="5"/><rect x="-20" y="60" width="12" height="60" fill="${C.dark}"/><circle cx="100" cy="-110" r="50" fill="${C.gold}"/><rect x="82" y="-64" width="36" height="30" rx="6" fill="${C.dark}"/><path d="M90,-100 l10,-20 l10,20" fill="none" stroke="${C.white}" stroke-width="5"/>`,
  law: () =>
    `<rect x="-8" y="-140" width="16" height="220" fill="${C.dark}"/><rect x="-70" y="80" width="140" height="22" rx="6" fill="${C.brown}"/><path d="M-130,-120 L130,-120" stroke="${C.dark}" stroke-width="10" stroke-linecap="round"/><circle cy="-140" r="14" fill="${C.gold}"/>` +
    [-110, 110]
      .map(
        (x) =>
          `<path d="M${x},-120 L${x - 45},-20 M${x},-120 L${x + 45},-20" stroke="${C.dark}" stroke-width="3"/><path d="M${x - 55},-20 Q${x},30 ${x + 55},-20Z" fill="${C.gold}"/>`,
      )
      .join(''),
  finance: () =>
    [0, 1, 2, 3, 4]
      .map(
        (i) =>
          `<ellipse cx="-70" cy="${60 - i * 24}" rx="60" ry="18" fill="${i % 2 ? C.gold : C.ochre}" stroke="${C.brown}" stroke-width="3"/>`,
      )
      .join('') +
    [0, 1, 2]
      .map(
        (i) =>
          `<ellipse cx="60" cy="${70 - i * 24}" rx="55" ry="16" fill="${i % 2 ? C.ochre : C.gold}" stroke="${C.brown}" stroke-width="3"/>`,
      )
      .join('') +
    `<path d="M130,80 Q130,-20 130,-60" stroke="${C.leaf}" stroke-width="8" fill="none"/><path d="M130,-20 Q90,-50 100,-90 Q140,-70 130,-20Z" fill="${C.lime}"/><path d="M130,-50 Q170,-80 165,-120 Q125,-100 130,-50Z" fill="${C.leaf}"/>`,
  transport: () =>
    `<circle cx="-90" cy="60" r="45" fill="none" stroke="${C.dark}" stroke-width="14"/><circle cx="90" cy="60" r="45" fill="none" stroke="${C.dark}" stroke-width="14"/><path d="M-90,60 L-30,-10 L60,-10 L90,60 M-30,-10 L-50,-50 M60,-10 L50,-60 L80,-70" stroke="${C.terracotta}" stroke-width="14" fill="none" stroke-linecap="round" stroke-linejoin="round"/><path d="M-40,-20 L40,-20 L30,10 L-30,10Z" fill="${C.indigo}"/>` +
    person(10, -30, 0.7, { skin: C.skin[1], cloth: C.gold }),
  security: () =>
    `<path d="M0,-150 L120,-100 Q120,60 0,130 Q-120,60 -120,-100Z" fill="${C.green}"/><path d="M0,-120 L95,-82 Q95,45 0,100Z" fill="${C.leaf}"/><path d="M-50,0 L-15,40 L60,-50" fill="none" stroke="${C.white}" stroke-width="18" stroke-linecap="round" stroke-linejoin="round"/>`,
  future: () =>
    `<path d="M-150,90 L150,90" stroke="${C.brown}" stroke-width="12"/><path d="M0,90 Q-5,0 0,-80" stroke="${C.leaf}" stroke-width="12" fill="none"/><path d="M0,-10 Q-80,-40 -90,-110 Q-20,-90 0,-10Z" fill="${C.lime}"/><path d="M0,-40 Q80,-70 95,-140 Q20,-120 0,-40Z" fill="${C.leaf}"/><circle cx="0" cy="-100" r="22" fill="${C.gold}"/>`,
};

/** Landscape scene with a theme prop and people: the "Nos Causes" style. */
function causeScene(theme, seed, { w = 800, h = 600, top = C.sand, bottom = C.gold, ground = C.ochre } = {}) {
  const r = rng(seed);
  const skins = C.skin;
  const cloths = [C.indigo, C.plum, C.teal, C.terracotta, C.green];
  const pick = (arr) => arr[Math.floor(r() * arr.length)];
  return (
    sky(w, h, top, bottom, `s${seed}`) +
    sun(w * (0.15 + r() * 0.2), h * 0.22, h * 0.08, C.white) +
    hill(w, h, h * 0.62, h * 0.04, C.lime, r() * 6) +
    hill(w, h, h * 0.74, h * 0.03, ground, r() * 6) +
    g(PROPS[theme](), `translate(${w * 0.58},${h * 0.5}) scale(${(h / 600) * 1.05})`) +
    person(w * 0.14, h * 0.96, h / 520, { skin: pick(skins), cloth: pick(cloths), wrap: C.gold }) +
    person(w * 0.27, h * 0.98, h / 700, { skin: pick(skins), cloth: pick(cloths), arms: 'up' })
  );
}

/** Patterned medallion: the "Problématiques" style. */
function issueScene(theme, seed, { w = 800, h = 600, fg = C.ochre, bg = C.cream, ring = C.terracotta, kind = 'dots' } = {}) {
  return (
    waxPattern(`p${seed}`, fg, bg, kind) +
    `<rect width="${w}" height="${h}" fill="url(#p${seed})"/><rect width="${w}" height="${h}" fill="${bg}" opacity=".45"/>` +
    `<circle cx="${w / 2}" cy="${h / 2}" r="${h * 0.42}" fill="${ring}"/><circle cx="${w / 2}" cy="${h / 2}" r="${h * 0.37}" fill="${C.white}"/>` +
    g(PROPS[theme](), `translate(${w / 2},${h / 2 + 10}) scale(${h / 620})`)
  );
}

function heroScene(n, w = 1600, h = 900) {
  if (n === 1) {
    return (
      sky(w, h, '#fb923c', '#fde68a', 'h1') +
      sun(w / 2, h * 0.3, 90, C.gold) +
      hill(w, h, h * 0.62, 25, C.lime, 1) +
      hill(w, h, h * 0.72, 18, C.ochre, 3) +
      hut(w * 0.12, h * 0.72, 1.2) +
      hut(w * 0.88, h * 0.73, 1.1, C.sand) +
      baobab(w * 0.25, h * 0.68, 1.1) +
      person(w * 0.44, h * 0.95, 1.9, { skin: C.skin[0], cloth: C.indigo, wrap: C.gold, carry: 'basket' }) +
      person(w * 0.56, h * 0.96, 1.8, { skin: C.skin[1], cloth: C.plum, wrap: C.teal, carry: 'basket' }) +
      person(w * 0.5, h * 0.97, 1.1, { skin: C.skin[2], cloth: C.teal, arms: 'up' })
    );
  }
  if (n === 2) {
    return (
      sky(w, h, '#1e3a8a', '#f97316', 'h2') +
      sun(w * 0.7, h * 0.62, 70, C.gold, false) +
      hill(w, h, h * 0.74, 14, C.brown, 2) +
      g(PROPS.housing(), `translate(${w / 2},${h * 0.62}) scale(1.7)`) +
      g(
        `<path d="M-150,60 L-60,-40 L120,-40 L30,60Z" fill="${C.indigo}" stroke="${C.white}" stroke-width="4"/>`,
        `translate(${w / 2},${h * 0.38}) scale(1.1) rotate(-8)`,
      ) +
      `<circle cx="${w * 0.3}" cy="${h * 0.3}" r="60" fill="${C.gold}" opacity=".9"/><rect x="${w * 0.3 - 22}" y="${h * 0.3 + 52}" width="44" height="36" rx="8" fill="${C.white}"/>` +
      person(w * 0.24, h * 0.97, 1.5, { skin: C.skin[3], cloth: C.teal, wrap: C.rose }) +
      person(w * 0.78, h * 0.97, 1.6, { skin: C.skin[0], cloth: C.gold, arms: 'up' })
    );
  }
  const r = rng(7);
  const nodes = Array.from({ length: 14 }, (_, i) => ({
    x: (i === 0 ? 0.5 : 0.08 + r() * 0.84) * w,
    y: (i === 0 ? 0.55 : 0.15 + r() * 0.6) * h,
  }));
  let lines = '';
  for (const a of nodes)
    for (const b of nodes)
      if (a !== b && Math.hypot(a.x - b.x, a.y - b.y) < 420)
        lines += `<line x1="${a.x.toFixed(0)}" y1="${a.y.toFixed(0)}" x2="${b.x.toFixed(0)}" y2="${b.y.toFixed(0)}" stroke="${C.gold}" stroke-width="4" opacity=".55"/>`;
  const heads = nodes
    .map(
      (p, i) =>
        `<circle cx="${p.x.toFixed(0)}" cy="${p.y.toFixed(0)}" r="${i === 0 ? 70 : 34}" fill="${[C.terracotta, C.ochre, C.plum, C.teal][i % 4]}" stroke="${C.cream}" stroke-width="6"/><circle cx="${p.x.toFixed(0)}" cy="${(p.y - (i === 0 ? 14 : 7)).toFixed(0)}" r="${i === 0 ? 24 : 12}" fill="${C.skin[i % 4]}"/><path d="M${p.x - (i === 0 ? 40 : 20)},${p.y + (i === 0 ? 40 : 20)} Q${p.x},${p.y + (i === 0 ? 5 : 2)} ${p.x + (i === 0 ? 40 : 20)},${p.y + (i === 0 ? 40 : 20)}Z" fill="${C.skin[i % 4]}"/>`,
    )
    .join('');
  return waxPattern('hw', '#0b5345', C.green, 'waves') + `<rect width="${w}" height="${h}" fill="url(#hw)"/>` + lines + heads;
}

function defaultProfile(size = 256) {
  return `<rect width="${size}" height="${size}" fill="${C.sand}"/><circle cx="128" cy="100" r="50" fill="${C.ochre}"/><path d="M38,256 Q38,160 128,160 Q218,160 218,256Z" fill="${C.ochre}"/>`;
}

const svg = (w, h, inner, viewBox = `0 0 ${w} ${h}`) =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="${viewBox}">${inner}</svg>`);

const written = [];
async function emit(name, art, widths, ratio) {
  const file = path.join(OUT, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  for (const width of widths) {
    const height = Math.round(width * ratio);
    const raster = sharp(art(width, height), { density: 72 }).resize(width, height);
    await raster.clone().avif({ quality: 48, effort: 6 }).toFile(`${file}-${width}.avif`);
    await raster.clone().webp({ quality: 70, effort: 6 }).toFile(`${file}-${width}.webp`);
    written.push(`${name}-${width}`);
  }
}

const CAUSE_ART = {
  sanitaire: ['health', { top: '#ccfbf1', bottom: C.sand }],
  alimentaire: ['food', {}],
  avenir: ['future', { top: '#bfdbfe', bottom: C.sand }],
  vestimentaire: ['clothing', { top: '#fce7f3', bottom: C.sand }],
  toit: ['housing', { top: '#fed7aa', bottom: C.gold }],
  juridique: ['law', { top: '#e0e7ff', bottom: C.sand }],
  energetique: ['energy', { top: '#fef9c3', bottom: C.gold }],
  financement: ['finance', { top: '#dcfce7', bottom: C.sand }],
};
const ISSUE_ART = {
  faim: ['food', { fg: C.ochre, ring: C.terracotta, kind: 'dots' }],
  vetements: ['clothing', { fg: '#f9a8d4', ring: C.plum, kind: 'diamonds' }],
  transport: ['transport', { fg: C.sand, ring: C.gold, kind: 'waves' }],
  logement: ['housing', { fg: '#fdba74', ring: C.brown, kind: 'diamonds' }],
  education: ['education', { fg: '#93c5fd', ring: C.indigo, kind: 'dots' }],
  sante: ['health', { fg: '#99f6e4', ring: C.teal, kind: 'waves' }],
  juridique: ['law', { fg: '#c7d2fe', ring: C.dark, kind: 'diamonds' }],
  energie: ['energy', { fg: C.sand, ring: C.green, kind: 'dots' }],
};

// Hero: landscape crops for wide screens, portrait (9:16, centre of the same scene) for phones.
for (const n of [1, 2, 3]) {
  await emit(`hero/hero-${n}`, (w, h) => svg(w, h, heroScene(n), '0 0 1600 900'), [960, 1600], 9 / 16);
  await emit(`hero/hero-${n}-portrait`, (w, h) => svg(w, h, heroScene(n), '547 0 506 900'), [480, 960], 16 / 9);
}
let seed = 11;
for (const [name, [theme, opts]] of Object.entries(CAUSE_ART)) {
  const s = seed++;
  await emit(`causes/${name}`, (w, h) => svg(w, h, causeScene(theme, s, opts), '0 0 800 600'), [400, 800], 3 / 4);
}
for (const [name, [theme, opts]] of Object.entries(ISSUE_ART)) {
  const s = seed++;
  await emit(`problematiques/${name}`, (w, h) => svg(w, h, issueScene(theme, s, opts), '0 0 800 600'), [400, 800], 3 / 4);
}
await emit(
  'mission',
  (w, h) => svg(w, h, causeScene('security', 3, { top: '#fed7aa', bottom: C.sand }) + baobab(150, 560, 0.9), '0 0 800 600'),
  [400, 800],
  3 / 4,
);
await emit('default-profile', (w, h) => svg(w, h, defaultProfile(), '0 0 256 256'), [256], 1);

const total = written.length;
console.log(`${total} images × 2 formats written to ${path.relative(ROOT, OUT)}`);
