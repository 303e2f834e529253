/**
 * What each generated picture shows: the palette, which Fluent Emoji illustrates each demo
 * product, and how category tiles, banners and avatars are composed. Kept apart from the
 * drawing code so changing the art is a data edit.
 */
import type { Category } from '@b2b/shared';

/** Tailwind-like stops: indigo/violet primary, amber accent, slate neutrals. */
export const PALETTE = {
  indigo100: '#e0e7ff',
  indigo500: '#6366f1',
  indigo900: '#312e81',
  violet700: '#6d28d9',
  amber300: '#fcd34d',
  amber400: '#fbbf24',
  amber600: '#d97706',
  slate100: '#f1f5f9',
  slate200: '#e2e8f0',
  slate300: '#cbd5e1',
  slate400: '#94a3b8',
} as const;

/** A two-stop gradient plus the darker shade used for its soft floor shadow. */
export interface Gradient {
  from: string;
  to: string;
  shade: string;
}

interface CategoryArt {
  /** Pastel background of the category's product shots. */
  pastel: Gradient;
  /** Stronger background of the category tile. */
  gradient: Gradient;
  /** Main emoji first, then the two beside it. */
  emoji: readonly [string, string, string];
}

export const CATEGORY_ART: Record<Category, CategoryArt> = {
  electronics: {
    pastel: { from: '#eef2ff', to: '#b4bffc', shade: '#3730a3' },
    gradient: { from: '#818cf8', to: '#4f46e5', shade: '#1e1b4b' },
    emoji: ['laptop', 'mobile-phone', 'headphone'],
  },
  home: {
    pastel: { from: '#fffbeb', to: '#fde68a', shade: '#92400e' },
    gradient: { from: '#fcd34d', to: '#f59e0b', shade: '#78350f' },
    emoji: ['couch-and-lamp', 'potted-plant', 'light-bulb'],
  },
  kitchen: {
    pastel: { from: '#fff7ed', to: '#fed7aa', shade: '#9a3412' },
    gradient: { from: '#fdba74', to: '#f97316', shade: '#7c2d12' },
    emoji: ['pot-of-food', 'cooking', 'teapot'],
  },
  fashion: {
    pastel: { from: '#fdf2f8', to: '#fbcfe8', shade: '#9d174d' },
    gradient: { from: '#f9a8d4', to: '#ec4899', shade: '#831843' },
    emoji: ['t-shirt', 'dress', 'running-shoe'],
  },
  health: {
    pastel: { from: '#ecfdf5', to: '#a7f3d0', shade: '#065f46' },
    gradient: { from: '#6ee7b7', to: '#10b981', shade: '#064e3b' },
    emoji: ['stethoscope', 'pill', 'adhesive-bandage'],
  },
  beauty: {
    pastel: { from: '#faf5ff', to: '#e9d5ff', shade: '#6b21a8' },
    gradient: { from: '#d8b4fe', to: '#a855f7', shade: '#3b0764' },
    emoji: ['lotion-bottle', 'lipstick', 'nail-polish'],
  },
  accessories: {
    pastel: { from: '#f0f9ff', to: '#bae6fd', shade: '#075985' },
    gradient: { from: '#7dd3fc', to: '#0ea5e9', shade: '#0c4a6e' },
    emoji: ['handbag', 'watch', 'sunglasses'],
  },
  'office&stationary': {
    pastel: { from: '#f5f3ff', to: '#ddd6fe', shade: '#5b21b6' },
    gradient: { from: '#a78bfa', to: '#7c3aed', shade: '#2e1065' },
    emoji: ['spiral-notepad', 'pencil', 'paperclip'],
  },
  others: {
    pastel: { from: '#f8fafc', to: '#e2e8f0', shade: '#334155' },
    gradient: { from: '#cbd5e1', to: '#64748b', shade: '#0f172a' },
    emoji: ['package', 'teddy-bear', 'toolbox'],
  },
};

/** Product image slug (apps/web/public/images/products/<slug>.svg) → Fluent Emoji name. */
export const PRODUCT_EMOJI: Record<string, string> = {
  'wireless-anc-headphones': 'headphone',
  'non-stick-frying-pan': 'cooking',
  'running-shoes': 'running-shoe',
  'led-bulb-9w': 'light-bulb',
  'shea-body-lotion': 'lotion-bottle',
  'steel-wristwatch': 'watch',
  'usb-c-charger-65w': 'electric-plug',
  'android-smartphone': 'mobile-phone',
  'business-laptop': 'laptop',
  'smart-tv-43': 'television',
  'aa-alkaline-batteries': 'battery',
  'wireless-mouse': 'computer-mouse',
  'three-seater-sofa': 'couch-and-lamp',
  'queen-bed-frame': 'bed',
  'artificial-potted-plant': 'potted-plant',
  'pillar-candles': 'candle',
  'soft-bristle-broom': 'broom',
  'porcelain-teapot': 'teapot',
  'stainless-stock-pot': 'pot-of-food',
  'chefs-knife': 'kitchen-knife',
  'stoneware-coffee-mugs': 'hot-beverage',
  'kraft-takeaway-boxes': 'takeout-box',
  'cotton-t-shirts': 't-shirt',
  'slim-fit-jeans': 'jeans',
  'floral-midi-dress': 'dress',
  'cotton-crew-socks': 'socks',
  'vitamin-c-tablets': 'pill',
  'adhesive-bandages': 'adhesive-bandage',
  'dual-head-stethoscope': 'stethoscope',
  'digital-thermometer': 'thermometer',
  'antibacterial-hand-soap': 'soap',
  'soft-toothbrushes': 'toothbrush',
  'matte-lipstick': 'lipstick',
  'gel-nail-polish': 'nail-polish',
  'compact-mirror': 'mirror',
  'makeup-blending-sponges': 'sponge',
  'lavender-bubble-bath': 'bubbles',
  'polarized-sunglasses': 'sunglasses',
  'laptop-backpack': 'backpack',
  'vegan-leather-handbag': 'handbag',
  'sterling-silver-ring': 'ring',
  'hb-graphite-pencils': 'pencil',
  'a5-ruled-notebooks': 'notebook-with-decorative-cover',
  'paper-clips': 'paperclip',
  'office-scissors': 'scissors',
  'blue-ballpoint-pens': 'pen',
  'double-wall-shipping-boxes': 'package',
  'steel-toolbox': 'toolbox',
  'plush-teddy-bear': 'teddy-bear',
  'training-football': 'soccer-ball',
};

export interface BannerEmoji {
  name: string;
  x: number;
  y: number;
  size: number;
  rotate?: number;
}

export interface Banner {
  gradient: Gradient;
  /** Colour of the glow behind the artwork. */
  glow: string;
  /** Drawn in order: later emoji sit in front. */
  emoji: readonly BannerEmoji[];
}

/** Slides 1–3: warehouse and shipping, bulk electronics, kitchen and home supplies. */
export const BANNERS: readonly Banner[] = [
  {
    gradient: { from: '#1e1b4b', to: '#4338ca', shade: '#000000' },
    glow: '#a5b4fc',
    emoji: [
      { name: 'package', x: 1250, y: 368, size: 140 },
      { name: 'package', x: 1372, y: 368, size: 140 },
      { name: 'package', x: 1311, y: 263, size: 140, rotate: 4 },
      { name: 'articulated-lorry', x: 890, y: 188, size: 350 },
    ],
  },
  {
    gradient: { from: '#0f172a', to: '#4c1d95', shade: '#000000' },
    glow: '#c4b5fd',
    emoji: [
      { name: 'television', x: 1060, y: 60, size: 250 },
      { name: 'headphone', x: 1300, y: 250, size: 180, rotate: 8 },
      { name: 'laptop', x: 880, y: 200, size: 300 },
      { name: 'mobile-phone', x: 1170, y: 270, size: 190, rotate: -6 },
      { name: 'battery', x: 1400, y: 165, size: 100, rotate: 12 },
    ],
  },
  {
    gradient: { from: '#312e81', to: '#7c3aed', shade: '#000000' },
    glow: '#fcd34d',
    emoji: [
      { name: 'couch-and-lamp', x: 1100, y: 80, size: 300 },
      { name: 'potted-plant', x: 1380, y: 230, size: 170 },
      { name: 'pot-of-food', x: 880, y: 272, size: 220 },
      { name: 'teapot', x: 1090, y: 312, size: 190, rotate: -4 },
    ],
  },
];

export const SELLER_AVATARS: Record<string, { emoji: string; background: string }> = {
  northwind: { emoji: 'woman-office-worker', background: '#c7d2fe' },
  karnaphuli: { emoji: 'man-office-worker', background: '#fde68a' },
  'dhaka-digital': { emoji: 'woman-technologist', background: '#ddd6fe' },
};

/** The in-app Google account chooser (emulator mode) shows these for test identities. */
export const GOOGLE_AVATARS: readonly { emoji: string; background: string }[] = [
  { emoji: 'fox', background: '#fed7aa' },
  { emoji: 'panda', background: '#bbf7d0' },
  { emoji: 'koala', background: '#c7d2fe' },
  { emoji: 'tiger-face', background: '#fde68a' },
  { emoji: 'rabbit-face', background: '#fbcfe8' },
  { emoji: 'frog', background: '#a5f3fc' },
];
