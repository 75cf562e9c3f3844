// Optional sound (off by default, its volume a setting): a short knock when a piece lands and a
// few rising notes when a game is won, synthesised with the Web Audio API (no
// sound files to download or cache). The audio context is made on the first
// sound after the player switched sound on (browsers allow audio only after
// a user gesture, and the switch is one).

export class Sound {
  constructor() {
    this.on = false;
    this.volume = 0.7;   // 0-1, the volume setting (loudness follows its square)
    /** @type {AudioContext | null} */
    this.ctx = null;
  }

  setOn(on) {
    this.on = on;
    if (on) this.context();
  }

  /** @param {number} volume  0 (silent) to 1 */
  setVolume(volume) {
    this.volume = Math.min(1, Math.max(0, volume));
  }

  context() {
    if (!this.ctx) {
      const Ctor = globalThis.AudioContext;
      if (!Ctor) return null;
      try {
        this.ctx = new Ctor();
      } catch {
        return null;
      }
    }
    if (this.ctx.state === 'suspended') this.ctx.resume().catch(() => {});
    return this.ctx;
  }

  // One decaying tone: frequency (Hz), start offset and length (s), loudness.
  // The volume scales the loudness by its square, which the ear hears as
  // an even step from one setting to the next.
  tone(freq, at, length, gain, type = 'sine') {
    const level = gain * this.volume * this.volume;
    if (level <= 0.0001) return;
    const ctx = this.context();
    if (!ctx) return;
    const t = ctx.currentTime + at;
    const osc = ctx.createOscillator();
    const amp = ctx.createGain();
    osc.type = /** @type {OscillatorType} */ (type);
    osc.frequency.setValueAtTime(freq, t);
    osc.frequency.exponentialRampToValueAtTime(freq * 0.6, t + length);
    amp.gain.setValueAtTime(level, t);
    amp.gain.exponentialRampToValueAtTime(0.0001, t + length);
    osc.connect(amp).connect(ctx.destination);
    osc.start(t);
    osc.stop(t + length + 0.02);
  }

  // A piece has landed (a lower knock for the second player's piece).
  landed(side) {
    if (!this.on) return;
    this.tone(side === 1 ? 220 : 185, 0, 0.09, 0.35, 'triangle');
  }

  // The game ended ('win', 'loss' or 'draw'): a rising figure for a win, a
  // falling one for a loss, one soft note for a draw.
  ended(result) {
    if (!this.on) return;
    if (result === 'draw') {
      this.tone(392, 0.12, 0.35, 0.12);
      return;
    }
    const notes = result === 'win' ? [523, 659, 784] : [440, 370, 311];
    notes.forEach((f, i) => this.tone(f, 0.12 + i * 0.11, 0.3, 0.12));
  }
}
