import Bowser from 'bowser';

/**
 * §2.9 install instructions: iPad and iPhone get the steps via the share icon (Safari has no install dialog).
 * The OS is read with bowser (a maintained user-agent parser) rather than by hand; iPadOS 13+ reports itself as
 * macOS, and is told apart by its touch screen.
 */
export function isAppleMobile(userAgent = navigator.userAgent, touchPoints = navigator.maxTouchPoints ?? 0): boolean {
  const os = Bowser.getParser(userAgent).getOSName(true);
  return os === 'ios' || (os === 'macos' && touchPoints > 1);
}

/**
 * Safari on an iPhone or iPad (iPadOS as a Mac with a touch screen): it never fires `beforeinstallprompt`, yet its
 * share menu adds the site to the home screen, so the install prompt offers the steps for it instead of a dialog.
 */
export function isAppleMobileSafari(
  userAgent = navigator.userAgent,
  touchPoints = navigator.maxTouchPoints ?? 0,
): boolean {
  return isAppleMobile(userAgent, touchPoints) && Bowser.getParser(userAgent).getBrowserName(true) === 'safari';
}
