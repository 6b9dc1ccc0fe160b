import { SpinLoading } from 'antd-mobile';

/** While a screen's code downloads. */
export function PageLoading() {
  return (
    <div className="page-loading" role="status">
      <SpinLoading color="primary" />
    </div>
  );
}
