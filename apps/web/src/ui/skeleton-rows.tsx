/** Placeholder rows in the shape of the instrument list, shown while it loads. */
export function SkeletonRows({ rows = 10, label }: { rows?: number; label: string }) {
  return (
    <div className="skeleton-list" role="status" aria-busy="true" aria-label={label} data-testid="skeleton">
      {Array.from({ length: rows }, (_, i) => (
        <div className="skeleton-row" key={i}>
          <span className="skeleton skeleton--circle" />
          <span className="skeleton-row__text">
            <span className="skeleton skeleton--line" style={{ width: `${48 + ((i * 17) % 30)}%` }} />
            <span className="skeleton skeleton--line skeleton--thin" style={{ width: '34%' }} />
          </span>
          <span className="skeleton skeleton--spark" />
          <span className="skeleton skeleton--price" />
          <span className="skeleton skeleton--pill" />
        </div>
      ))}
    </div>
  );
}
