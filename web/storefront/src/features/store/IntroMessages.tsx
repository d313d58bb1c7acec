import type { IntroMessages as Intro } from '@shop/domain';
import { s } from './texts';

/**
 * §4 intro messages of the branch page and the checkout: the closed or delivery-closed lines, then the hint at
 * the other enabled modes (takeaway, dine-in) when only delivery is closed.
 */
export function IntroMessages({ intro }: { intro: Intro }) {
  if (intro.messages.length === 0) return null;
  return (
    <div className="intro-messages" role="status">
      {intro.messages.map((m, i) => (
        <p key={i} className={i === 0 ? 'intro-messages__title' : undefined}>
          {m}
        </p>
      ))}
      {intro.alternatives.map((a) => (
        <p key={a}>{a === 'takeaway' ? s('alternativeTakeaway') : s('alternativeDineIn')}</p>
      ))}
    </div>
  );
}
