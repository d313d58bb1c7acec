import { SignageDeviceInput, type Scene, type SignageDevice } from '@shop/contracts';
import { SIGNAGE_TV_TEXTS as TV } from '@shop/i18n-de';
import { useEffect, useId, useState } from 'react';
import { api, apiUrl, errorMessage } from '../api/client';
import { f, resourceFailure, T } from '../texts';
import { useContractForm } from '../ui/contract-form';
import { Dialog } from '../ui/Dialog';
import { Labelled } from '../ui/Labelled';
import { useNotices } from '../ui/notices';
import { Options } from '../ui/Options';
import { qrDataUrl, setupLink } from './device-setup';

/** What the set-up panel shows once: the TV and its key (from its creation or a new key). */
export interface DeviceKey {
  device: Pick<SignageDevice, 'id' | 'name' | 'identifier'>;
  key: string;
}

/**
 * The sign-in link of a TV and its QR code, shown once after the TV was created or got a new key: opened on the
 * TV (or scanned), the player is signed in. The key is not shown again (a new one is the way back).
 */
export function SetupPanel({ setup, onDone }: { setup: DeviceKey; onDone: () => void }) {
  const notices = useNotices();
  const link = setupLink(window.location.origin, setup.device.identifier, setup.key);
  const [qr, setQr] = useState<string | null>(null);
  const linkId = useId();
  useEffect(() => {
    let current = true;
    void qrDataUrl(link).then((url) => current && setQr(url));
    return () => {
      current = false;
    };
  }, [link]);
  const copy = async () => {
    await navigator.clipboard?.writeText(link).catch(() => undefined);
    notices.success(TV.copied);
  };
  return (
    <Dialog title={f(TV.setupTitle, { name: setup.device.name })} onClose={onDone}>
      <p>{TV.setupOnce}</p>
      <label htmlFor={linkId}>{TV.setupLink}</label>
      <input
        id={linkId}
        className="tv-setup-link"
        readOnly
        value={link}
        data-testid="setup-link"
        onFocus={(e) => e.currentTarget.select()}
      />
      <p>
        <button type="button" onClick={() => void copy()}>
          {TV.copyLink}
        </button>
      </p>
      {qr && <img className="tv-setup-qr" src={qr} alt={f(TV.qrAlt, { name: setup.device.name })} />}
      <div className="form-actions">
        <button type="button" className="primary" onClick={onDone}>
          {TV.setupDone}
        </button>
      </div>
    </Dialog>
  );
}

type Branch = { id: number; name: string };

/**
 * A new TV (administrators): name, identifier, branch and scene; its power schedule follows the branch's opening
 * hours until set in its settings. The answer carries the generated key: the set-up panel shows it once.
 */
export function NewDevice({
  branches,
  scenes,
  onCreated,
}: {
  branches: readonly Branch[];
  scenes: readonly Scene[];
  onCreated: (setup: DeviceKey) => unknown;
}) {
  const notices = useNotices();
  const empty = { name: '', identifier: '', branch: branches[0]?.id ?? 0, scene: null, isEnabled: true };
  const { form, errors, onSubmit } = useContractForm(SignageDeviceInput, {
    defaultValues: empty,
    send: async (input) => {
      const created = await api.post('/api/digital-signage-devices', input);
      form.reset(empty);
      notices.success(TV.created);
      await onCreated({ device: created, key: created.key ?? '' });
    },
    failed: (err, retry) =>
      notices.error(errorMessage(err, resourceFailure('digital-signage-devices', 'create')), retry, err),
  });
  const toId = (v: string) => (v === '' ? null : Number(v));
  const helpId = useId();
  return (
    <form className="tv-new" aria-label={TV.newDevice} onSubmit={(e) => void onSubmit(e)}>
      <h2>{TV.newDevice}</h2>
      <Labelled label={T.signage.name} error={errors.name}>
        <input {...form.register('name')} autoComplete="off" />
      </Labelled>
      <div>
        <Labelled label={T.fields.identifier} error={errors.identifier}>
          <input {...form.register('identifier')} autoComplete="off" aria-describedby={helpId} />
        </Labelled>
        <small id={helpId}>{TV.identifierHelp}</small>
      </div>
      <Labelled label={T.fields.branch} error={errors.branch}>
        <select {...form.register('branch', { setValueAs: toId })}>
          <Options choices={branches.map((b) => ({ value: b.id, label: b.name }))} />
        </select>
      </Labelled>
      <Labelled label={T.signage.scene} error={errors.scene}>
        <select {...form.register('scene', { setValueAs: toId })}>
          <option value="">{TV.sceneNone}</option>
          <Options choices={scenes.map((s) => ({ value: s.id, label: s.name }))} />
        </select>
      </Labelled>
      <button type="submit" className="primary">
        {TV.createDevice}
      </button>
    </form>
  );
}

/** A new key for the TV after a confirmation (administrators); the set-up panel then shows its new link once. */
export function RotateKeyButton({ device, onRotated }: { device: SignageDevice; onRotated: (s: DeviceKey) => void }) {
  const notices = useNotices();
  const [asking, setAsking] = useState(false);
  const rotate = async (): Promise<void> => {
    setAsking(false);
    try {
      const answer = await api.post(apiUrl('/api/digital-signage-devices/{id}/rotate-key', { id: device.id }));
      notices.success(f(TV.rotated, { name: device.name }));
      onRotated({ device: answer.device, key: answer.key });
    } catch (err) {
      notices.error(errorMessage(err, TV.rotateFailed), () => rotate(), err);
    }
  };
  return (
    <>
      <button type="button" aria-label={f(TV.rotateKeyOf, { name: device.name })} onClick={() => setAsking(true)}>
        {TV.rotateKey}
      </button>
      {asking && (
        <Dialog title={f(TV.rotateTitle, { name: device.name })} onClose={() => setAsking(false)}>
          <p>{f(TV.rotateConfirm, { name: device.name })}</p>
          <div className="form-actions">
            <button type="button" className="danger" onClick={() => void rotate()}>
              {TV.rotateKey}
            </button>
            <button type="button" onClick={() => setAsking(false)}>
              {T.orders.abort}
            </button>
          </div>
        </Dialog>
      )}
    </>
  );
}
