/** Fen as people read money: ¥12.30 (spec 2 section 9: yuan with two decimals). */
export function formatYuan(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  return `${sign}¥${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Yuan typed in a form (0.1 steps) as the fen the server takes; rounding drops float noise (0.1 * 100 = 10.000000000000002). */
export function yuanToFen(yuan: number): number {
  return Math.round(yuan * 100);
}
