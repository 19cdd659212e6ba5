// Service money is always an integer number of cents; the brand keeps a dollar float from sneaking in.
export type Cents = number & { readonly __brand: "Cents" };

export function cents(value: number): Cents {
  if (!Number.isSafeInteger(value)) throw new RangeError(`not an integer number of cents: ${value}`);
  return value as Cents;
}
