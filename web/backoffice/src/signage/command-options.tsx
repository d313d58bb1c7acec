import { SIGNAGE_COMMAND_TYPES, type Scene } from '@shop/contracts';
import { T } from '../texts';

/** The options of a command select: every command type in German. */
export function CommandTypeOptions() {
  return SIGNAGE_COMMAND_TYPES.map((c) => (
    <option key={c} value={c}>
      {T.signage.commandTypes[c]}
    </option>
  ));
}

/** The options of a scene select: each scene by its name. */
export function SceneOptions({ scenes }: { scenes: Scene[] }) {
  return scenes.map((s) => (
    <option key={s.id} value={s.id}>
      {s.name}
    </option>
  ));
}
