import { Modal } from 'antd';
import type { KnowledgeResource } from '../../../../api/generated/types.gen';
import { ResourceView } from '../../components/ResourceView';
import { KA_TEXT } from '../texts';

/** 查看: the resource exactly as learners get it (video, audio, sandboxed page) through the learner view's own component. */
export function ResourceViewDialog({ resource, onClose }: { resource: KnowledgeResource; onClose: () => void }) {
  return (
    <Modal
      open
      centered
      width={{ xs: '100%', md: 760 }}
      title={KA_TEXT.viewResourceTitle(resource.name)}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      <ResourceView resource={resource} />
    </Modal>
  );
}
