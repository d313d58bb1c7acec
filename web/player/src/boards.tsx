import type { MenuBoard, PickupBoard } from '@shop/contracts';
import { activeMenu, formatPrice, isAvailableNow } from '@shop/domain';
import { useEffect, useState } from 'react';
import type { PlayerApi } from './player-api';
import { TEXTS } from './texts';

/** Re-reads a board whenever `version` changes (a push), keeping the last answer while the network is gone. */
function useBoard<T>(load: () => Promise<T>, version: number): T | null {
  const [board, setBoard] = useState<T | null>(null);
  useEffect(() => {
    let live = true;
    load().then(
      (b) => live && setBoard(b),
      () => undefined,
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reloads on pushes only
  }, [version]);
  return board;
}

/** 'Wird bearbeitet' and 'Abholbereit': the branch's ticket numbers, following staff actions. */
export function PickupBoardView({ api, version }: { api: PlayerApi; version: number }) {
  const board = useBoard<PickupBoard>(api.pickup, version);
  return (
    <div className="board pickup" data-testid="pickup-board">
      {(
        [
          ['inProgress', TEXTS.inProgress],
          ['ready', TEXTS.ready],
        ] as const
      ).map(([key, title]) => (
        <section key={key} aria-label={title}>
          <h2>{title}</h2>
          <ul>
            {(board?.[key] ?? []).map((ticket) => (
              <li key={ticket}>{ticket}</li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** The branch's active menu with prices; products staff disabled are marked sold out. */
export function MenuBoardView({ api, version }: { api: PlayerApi; version: number }) {
  const board = useBoard<MenuBoard>(api.menu, version);
  if (!board) return <div className="board menu" />;
  const now = new Date();
  const menu = activeMenu(board.menus, board.branch, now);
  const categories = new Map(board.categories.map((c) => [c.id, c]));
  const products = new Map(board.products.map((p) => [p.id, p]));
  return (
    <div className="board menu" data-testid="menu-board">
      {menu?.catalog.categories.map((entry) => {
        const category = categories.get(entry.id);
        if (!category || !category.isEnabled) return null;
        return (
          <section key={entry.id}>
            <h2>{category.name}</h2>
            <ul>
              {entry.products.map((e) => {
                const p = products.get(e.id);
                if (!p) return null;
                const available = e.isEnabled && isAvailableNow(p, now, board.timeZone);
                return (
                  <li key={p.id} className={available ? '' : 'sold-out'}>
                    <span>{p.name}</span>
                    <span>{available ? formatPrice(p.price) : TEXTS.soldOut}</span>
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
