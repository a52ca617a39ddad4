/** The badge renderer: one engine (layout + badge -> draw operations), drawn as PDF or as SVG. */
export { badgeSizePt, layoutBadge, PT_PER_MM, type BadgeDrawing, type BadgeFace, type DrawOp, type LayoutAssets } from './engine';
export { drawBadge, registerBadgeFonts } from './pdf';
export { badgeSvg, svgOfDrawing } from './svg';
