/**
 * The audible new-order alert: three short tones made with the Web Audio API (no file to load). Browsers
 * allow sound only after the user interacted with the page; the board's "Ton an" switch is that interaction.
 */
let context: AudioContext | null = null;

export function unlockSound(): void {
  try {
    context ??= new AudioContext();
    void context.resume();
  } catch {
    context = null;
  }
}

export function playNewOrderSound(): void {
  try {
    context ??= new AudioContext();
    const ctx = context;
    for (let i = 0; i < 3; i++) {
      const start = ctx.currentTime + i * 0.25;
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = i === 2 ? 1175 : 880;
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.exponentialRampToValueAtTime(0.4, start + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.2);
      osc.connect(gain).connect(ctx.destination);
      osc.start(start);
      osc.stop(start + 0.22);
    }
  } catch {
    // no audio device: the visible alert remains
  }
}
