import type { PlayerRegion, PlayerSegment } from '@shop/contracts';
import { useEffect, useMemo, useState } from 'react';
import { MenuBoardView, PickupBoardView } from './boards';
import { playableSegments } from './playable';
import type { PlayerApi } from './player-api';
import { TEXTS } from './texts';

export interface BoardVersions {
  pickup: number;
  menu: number;
}

/** `api` is null in the back office's preview: there is no TV, so no branch whose board could be shown. */
function SegmentView({
  segment,
  api,
  boards,
}: {
  segment: PlayerSegment;
  api: PlayerApi | null;
  boards: BoardVersions;
}) {
  switch (segment.type) {
    case 'image':
      return <img src={segment.url ?? ''} alt={segment.name} />;
    case 'video':
      return <video src={segment.url ?? ''} autoPlay muted loop playsInline />;
    case 'web':
      return <iframe src={segment.url ?? ''} title={segment.name} sandbox="allow-scripts allow-same-origin" />;
    case 'text':
      return <p className="text">{segment.text}</p>;
    case 'pickup-board':
      return api ? (
        <PickupBoardView api={api} version={boards.pickup} />
      ) : (
        <p className="text">{TEXTS.pickupBoardPreview}</p>
      );
    case 'menu-board':
      return api ? <MenuBoardView api={api} version={boards.menu} /> : <p className="text">{TEXTS.menuBoardPreview}</p>;
  }
}

/** One region: its stream's segments in order, each for its duration, looping; dayparts judged at each step. */
export function Region({
  region,
  timeZone,
  api,
  boards,
}: {
  region: PlayerRegion;
  timeZone: string;
  api: PlayerApi | null;
  boards: BoardVersions;
}) {
  const [step, setStep] = useState(0);
  const [now, setNow] = useState(() => new Date());
  const playing = useMemo(() => playableSegments(region.segments, now, timeZone), [region.segments, now, timeZone]);
  const segment = playing.length ? playing[step % playing.length] : undefined;
  useEffect(() => {
    const timer = setTimeout(
      () => {
        setStep((s) => s + 1);
        setNow(new Date());
      },
      (segment?.durationSeconds ?? 60) * 1000,
    );
    return () => clearTimeout(timer);
  }, [segment, step]);
  return (
    <div
      className="region"
      data-region={region.name}
      style={{ left: `${region.x}%`, top: `${region.y}%`, width: `${region.width}%`, height: `${region.height}%` }}
    >
      {segment && (
        <div key={`${segment.id}-${step}`} className={`segment transition-${segment.transition}`}>
          <SegmentView segment={segment} api={api} boards={boards} />
        </div>
      )}
    </div>
  );
}
