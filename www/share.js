// Share: the link to a board's position, and handing it to the person — through the
// system's share sheet on a touch screen that has one, else onto the clipboard.

import { linkHash } from './link.js';

/**
 * The link to `position` (`{ line, strategy, step, progress }`, as `positionchange` gives
 * it) with how its puzzle was made (`generated`, or null), on the page at `base`.
 */
export function shareLink(base, position, generated) {
  return new URL(linkHash({ ...position, generated }), base).href;
}

/**
 * Hands `url` on: through the share sheet on a touch screen that has one, else onto the
 * clipboard. Resolves with 'shared', 'copied', or a sentence with the link when neither could
 * be done (a page that may not use the clipboard).
 */
export async function shareUrl(url) {
  const isTouch = matchMedia('(pointer: coarse)').matches;
  try {
    if (isTouch && navigator.share) {
      await navigator.share({ title: 'Stepdoku', url });
      return 'shared';
    }
    await navigator.clipboard.writeText(url);
    return 'copied';
  } catch (error) {
    return error?.name === 'AbortError' ? 'shared' : `Copy the link: ${url}`;
  }
}
