import type {
  MenuBoard,
  PickupBoard,
  PlayerAckBatch,
  PlayerAckOutcome,
  PlayerCommandResultInput,
  PlayerCredentials,
  PlayerHeartbeatInput,
  PlayerSchedule,
  SignageBulkCommandInput,
  SignageBulkCommandResult,
  SignageCommand,
  SignageCommandInput,
  SignageDevice,
  SignageKeyRotation,
  StreamPreview,
} from '../../signage/signage.schema.js';
import type { Body } from './common.js';

/** The signage service's request/reply subjects (part of RpcMap). */
export interface SignageRpc {
  /** staff: record a command as pending (an open one is aborted first) and push it; answers the updated device */
  'signage.device.command': { req: { id: number; body: Body<typeof SignageCommandInput> }; res: SignageDevice };
  /** staff: abort the open command; answers the updated device */
  'signage.device.abort-command': { req: { id: number }; res: SignageDevice };
  /** staff: one command to many TVs (listed, of a branch, or playing a stream), each as 'signage.device.command' */
  'signage.device.bulk-command': { req: Body<typeof SignageBulkCommandInput>; res: SignageBulkCommandResult };
  /** staff who may read the TV: the picture of its latest (or the given) done screenshot command, as file bytes */
  'signage.device.screenshot': {
    req: { id: number; command: number | null };
    res: { mediaType: string; base64: string };
  };
  /** administrators: a new key for the TV (shown once); players signed in with the old one are refused from now */
  'signage.device.rotate-key': { req: { id: number }; res: SignageKeyRotation };
  /** staff: a stream's segments as a player plays them, for the back office's preview */
  'signage.stream.preview': { req: { id: number }; res: StreamPreview };
  /** a player (identifier + key, checked by the service) opens its push stream: its open command, if any */
  'signage.player.connect': {
    req: PlayerCredentials;
    res: { device: number; branch: number; command: SignageCommand | null };
  };
  'signage.player.heartbeat': {
    req: PlayerCredentials & { body: Body<typeof PlayerHeartbeatInput> };
    res: { at: string };
  };
  'signage.player.schedule': { req: PlayerCredentials; res: PlayerSchedule };
  /** the gateway's batch of players' acks (each entry checked and answered on its own, applied in one transaction) */
  'signage.player.ack-many': { req: PlayerAckBatch; res: { results: PlayerAckOutcome[] } };
  'signage.player.result': {
    req: PlayerCredentials & { command: number; body: Body<typeof PlayerCommandResultInput> };
    res: SignageCommand;
  };
  'signage.player.pickup-board': { req: PlayerCredentials; res: PickupBoard };
  'signage.player.menu-board': { req: PlayerCredentials; res: MenuBoard };
  /**
   * anyone (the gateway, for the player's page): the origins the web segments of a TV's scenes (by its identifier)
   * or of a stream (the back office's preview) may be framed from, and those their videos play from; unknown: none
   */
  'signage.player.frame-origins': {
    req: { device: string | null; stream: number | null };
    res: { origins: string[]; mediaOrigins: string[] };
  };
}
