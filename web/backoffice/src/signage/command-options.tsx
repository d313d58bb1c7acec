import { SIGNAGE_COMMAND_TYPES, type Scene } from '@shop/contracts';
import { T } from '../texts';
import { byId, labelled, Options } from '../ui/Options';

/** The options of a command select: every command type in German. */
export function CommandTypeOptions() {
  return <Options choices={labelled(SIGNAGE_COMMAND_TYPES, T.signage.commandTypes)} />;
}

/** The options of a scene select: each scene by its name. */
export function SceneOptions({ scenes }: { scenes: Scene[] }) {
  return <Options choices={byId(scenes, (s) => s.name)} />;
}
