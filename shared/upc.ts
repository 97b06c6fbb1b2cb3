/** UPC-A: 11 digits plus a check digit (3 × odd positions + even positions, mod 10). */
export function upcCheckDigit(elevenDigits: string): number {
  let sum = 0;
  for (let index = 0; index < 11; index += 1) {
    const digit = Number(elevenDigits[index]);
    sum += index % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (sum % 10)) % 10;
}

export function isValidUpc(code: string): boolean {
  return /^[0-9]{12}$/.test(code) && upcCheckDigit(code.slice(0, 11)) === Number(code[11]);
}
