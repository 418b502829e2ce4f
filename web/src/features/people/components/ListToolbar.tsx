import { ReloadOutlined } from '@ant-design/icons';
import { Button, Input } from 'antd';
import { PEOPLE_TEXT } from '../texts';
import styles from './PeopleList.module.css';

interface ListToolbarProps {
  input: string;
  onInput: (input: string) => void;
  /** Enter or the search button: search at once, without waiting for the pause. */
  onSearch: () => void;
  onRefresh: () => void;
  refreshing: boolean;
  placeholder?: string;
}

/** The search box (debounced by the screen) and the refresh button above a people list. */
export function ListToolbar({
  input,
  onInput,
  onSearch,
  onRefresh,
  refreshing,
  placeholder = PEOPLE_TEXT.searchPlaceholder,
}: ListToolbarProps) {
  return (
    <div className={styles.toolbar}>
      <Input.Search
        value={input}
        onChange={(event) => onInput(event.target.value)}
        onSearch={onSearch}
        placeholder={placeholder}
        aria-label={PEOPLE_TEXT.searchLabel}
        allowClear
        className={styles.search}
      />
      <Button icon={<ReloadOutlined aria-hidden />} onClick={onRefresh} loading={refreshing}>
        {PEOPLE_TEXT.refresh}
      </Button>
    </div>
  );
}
