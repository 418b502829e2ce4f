import { Input } from 'antd';
import styles from '../routes/AdminPages.module.css';
import { ADMIN_TEXT } from '../texts';

interface AdminSearchProps {
  placeholder: string;
  /** The words searched for, trimmed; '' when cleared. */
  onSearch: (words: string) => void;
}

/** A back-office search box: Enter or the button searches, clearing it lists everything again. */
export function AdminSearch({ placeholder, onSearch }: AdminSearchProps) {
  return (
    <Input.Search
      className={styles.search}
      placeholder={placeholder}
      aria-label={placeholder}
      enterButton={ADMIN_TEXT.search}
      allowClear
      maxLength={20}
      onSearch={(value) => onSearch(value.trim())}
    />
  );
}
