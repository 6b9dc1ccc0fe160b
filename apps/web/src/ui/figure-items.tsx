/**
 * Labelled figures as the sheets and notices list them inside a <dl>: the label, then the value
 * in tabular digits, coloured by its tone and named for the tests.
 */
export type FigureItem = [label: string, value: string, testId: string, tone?: string | undefined];

export function FigureItems({
  items,
  itemClassName = 'detail-grid__item',
}: {
  items: readonly FigureItem[];
  /** The class of each label/value pair: a detail grid's cell unless said otherwise. */
  itemClassName?: string;
}) {
  return (
    <>
      {items.map(([label, value, testId, tone]) => (
        <div className={itemClassName} key={testId}>
          <dt>{label}</dt>
          <dd className={`num ${tone ?? ''}`} data-testid={testId}>
            {value}
          </dd>
        </div>
      ))}
    </>
  );
}
