/**
 * The lodge's name as every page, mail and feed shows it: with its number ('Riverside Lodge' and
 * 712 make 'Riverside Lodge No. 712'), unless the name already carries the number
 * ('Hillcrest Lodge No. 586', 'Lodge #712').
 */
export function lodgeNameWithNumber(name: string, number: number): string {
  const carries = new RegExp(`(^|\\D)${number}(\\D|$)`).test(name);
  return carries ? name : `${name.trimEnd()} No. ${number}`;
}
