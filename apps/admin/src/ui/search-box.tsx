import { Input } from 'antd';

/** The toolbar's search: it asks when Enter or the button is pressed, not on every key. */
export function SearchBox({ label, onSearch }: { label: string; onSearch: (text: string) => void }) {
  return (
    <Input.Search
      aria-label={label}
      placeholder={label}
      allowClear
      enterButton
      onSearch={(value) => onSearch(value.trim())}
      style={{ width: 360 }}
    />
  );
}
