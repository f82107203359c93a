// leven 2 ships no types: the one function it exports.
declare module 'leven' {
  export default function leven(a: string, b: string): number;
}
