/** Placeholder cards in the shape of order rows, shown while a list loads. */
export function OrderSkeleton({ rows = 5, label }: { rows?: number; label?: string }) {
  return (
    <div className="order-list" role="status" aria-busy="true" aria-label={label} data-testid="skeleton">
      {Array.from({ length: rows }, (_, i) => (
        <div className="order-card order-card--skeleton" key={i}>
          <span className="order-card__line">
            <span className="skeleton skeleton--circle skeleton--small" />
            <span className="skeleton skeleton--line" style={{ width: `${30 + ((i * 13) % 20)}%` }} />
            <span className="order-card__end">
              <span className="skeleton skeleton--price" />
            </span>
          </span>
          <span className="skeleton skeleton--line skeleton--thin" style={{ width: '45%' }} />
          <span className="skeleton skeleton--line skeleton--thin" style={{ width: '70%' }} />
        </div>
      ))}
    </div>
  );
}
