import type { SignageDevice } from '@shop/contracts';

/** whether the TV's latest command is still open (pending or acknowledged), i.e. can be aborted */
export const openCommand = (device: SignageDevice) =>
  device.command?.state === 'pending' || device.command?.state === 'acknowledged';
