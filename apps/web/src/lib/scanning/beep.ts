let context: AudioContext | null = null;

function tone(audio: AudioContext, frequency: number, start: number, seconds: number) {
  const oscillator = audio.createOscillator();
  const gain = audio.createGain();
  oscillator.type = 'square';
  oscillator.frequency.value = frequency;
  // A short ramp at both ends: a hard cut clicks.
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(0.2, start + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + seconds);
  oscillator.connect(gain).connect(audio.destination);
  oscillator.start(start);
  oscillator.stop(start + seconds + 0.02);
}

/** One high beep for a good scan, two low ones for a refused one: told apart without looking at the screen. */
export function beep(kind: 'success' | 'failure') {
  const Audio =
    window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Audio) return;
  try {
    context ??= new Audio();
    // Browsers start audio suspended until the page has had a user gesture; a scan after one resumes it.
    void context.resume();
    const now = context.currentTime;
    if (kind === 'success') tone(context, 1320, now, 0.15);
    else {
      tone(context, 220, now, 0.18);
      tone(context, 220, now + 0.26, 0.18);
    }
  } catch {
    // No sound is no reason to stop scanning: the screen says it all.
  }
}
