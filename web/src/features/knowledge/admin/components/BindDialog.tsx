import { Alert, App, Modal, Select } from 'antd';
import { useState } from 'react';
import type { KnowledgePoint, KnowledgeResource } from '../../../../api/generated/types.gen';
import { useBindResource } from '../api/actions';
import { failureMessage } from '../model';
import { KA_TEXT } from '../texts';
import styles from './FormDialog.module.css';
import { POINT_SEARCH, pointOptions, renderPointOption, type PointOption } from './pointOptions';

interface BindDialogProps {
  resource: KnowledgeResource;
  /** The points it is bound to now; null when the bindings could not be loaded. */
  bound: readonly number[] | null;
  points: readonly KnowledgePoint[];
  onClose: () => void;
}

/**
 * 绑定: the points a resource belongs to. Spec 3 section 4 replaces all of a resource's bindings
 * with the chosen ones; the server does it in one call (bind_resource), so a failure changes nothing.
 */
export function BindDialog({ resource, bound, points, onClose }: BindDialogProps) {
  const { message } = App.useApp();
  const bind = useBindResource();
  const [chosen, setChosen] = useState<number[]>([...(bound ?? [])]);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async () => {
    setFailure(null);
    try {
      await bind.mutateAsync({ krId: resource.krId, kpIds: chosen });
      message.success(KA_TEXT.bound);
      onClose();
    } catch (error) {
      setFailure(failureMessage(error, KA_TEXT.bindFailed));
    }
  };

  return (
    <Modal
      open
      centered
      width={{ xs: '100%', md: 600 }}
      title={KA_TEXT.bindTitle(resource.name)}
      okText={KA_TEXT.save}
      cancelText={KA_TEXT.cancel}
      okButtonProps={{ loading: bind.isPending }}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {failure && <Alert type="error" showIcon className={styles.failure} title={failure} />}
      {bound === null && <Alert type="warning" showIcon className={styles.failure} title={KA_TEXT.boundUnknown} />}
      <p className={styles.hint}>{KA_TEXT.bindHint}</p>
      <Select<number[], PointOption>
        mode="multiple"
        allowClear
        className={styles.number}
        aria-label={KA_TEXT.resourcePoints}
        placeholder={KA_TEXT.bindPlaceholder}
        value={chosen}
        onChange={setChosen}
        options={pointOptions(points)}
        showSearch={POINT_SEARCH}
        optionRender={renderPointOption}
      />
    </Modal>
  );
}
