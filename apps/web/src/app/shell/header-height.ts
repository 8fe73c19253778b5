/** The header's height (header.module.css), shown in the browser build only (spec 01 §2). */
export const HEADER_HEIGHT = 64;
