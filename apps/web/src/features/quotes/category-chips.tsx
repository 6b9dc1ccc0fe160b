import type { Category } from '@omp/protocol';

interface CategoryChipsProps {
  categories: readonly Category[];
  selected: number | undefined;
  onSelect(id: number): void;
  label: string;
}

/** A horizontally scrolling row of category chips. */
export function CategoryChips({ categories, selected, onSelect, label }: CategoryChipsProps) {
  return (
    <div className="chips" role="tablist" aria-label={label} data-testid="category-chips">
      {categories.map((category) => {
        const active = category.Id === selected;
        return (
          <button
            key={category.Id}
            type="button"
            role="tab"
            aria-selected={active}
            className={`chip ${active ? 'is-active' : ''}`}
            onClick={() => onSelect(category.Id)}
            data-testid="category-chip"
            data-category={category.Code}
          >
            {category.NameShowTrans}
          </button>
        );
      })}
    </div>
  );
}
