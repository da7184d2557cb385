/**
 * A short beep with Web Audio: high for a good scan, low for a refusal, so a packer hears the
 * outcome without looking. One audio context, made on the first beep (a scan is a key press, the
 * user gesture browsers ask for); nothing happens where Web Audio is missing or refused.
 */
let context: AudioContext | undefined;

export function beep(kind: 'good' | 'refused'): void {
  try {
    context ??= new AudioContext();
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.frequency.value = kind === 'good' ? 1320 : 220;
    oscillator.type = kind === 'good' ? 'sine' : 'square';
    gain.gain.value = 0.08;
    oscillator.connect(gain).connect(context.destination);
    const now = context.currentTime;
    oscillator.start(now);
    oscillator.stop(now + (kind === 'good' ? 0.08 : 0.25));
  } catch {
    // No sound: the words on screen say the same.
  }
}
