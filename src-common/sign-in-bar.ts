/**
 * The height, in CSS pixels, of the bar the kiosk page shows at its top while a staff sign-in is
 * in progress (its words and the Cancel control). The Electron host places the sign-in page in
 * the kiosk window below it (src-main/electron/sign-in-view.ts), so the Cancel stays in reach
 * under a compositor that gives staff no other way to close a window (cage).
 */
export const SIGN_IN_BAR_PX = 72;
