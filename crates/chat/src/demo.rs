//! The demo conversation (`xinqiao seed demo`): the first two demo members have talked; the
//! second has read everything, and the last two messages wait unread for the first, so the
//! header's badge shows.

use platform::demo::{DemoCast, SeedError};
use platform::module::LocalBoxFuture;
use platform::{AppState, Identity, Role};

use crate::model::MessageId;
use crate::service;

/// (sender: 0 the first member, 1 the second, text), oldest first.
const DEMO_DIALOGUE: &[(usize, &str)] = &[
    (1, "你好，看到你也喜欢旅游，最近去了哪里呀？"),
    (0, "你好呀！上个月刚去了西湖，断桥边的晚霞特别美。"),
    (1, "我也很喜欢杭州，下次可以推荐几家好吃的店吗？"),
    (0, "当然可以，知味观的小笼包一定要尝尝～"),
    (1, "记下了！周末有空一起去看莫奈展吗？"),
    (1, "听说这次展出了《睡莲》系列。"),
];
/// The messages the first member has read (the rest stay unread).
const READ_BY_FIRST: usize = 4;

pub(crate) fn seed<'a>(
    state: &'a AppState,
    cast: &'a mut DemoCast,
) -> LocalBoxFuture<'a, Result<(), SeedError>> {
    Box::pin(async move {
        let members: Vec<Identity> = cast.with_role(Role::User).into_iter().cloned().collect();
        let [first, second, ..] = members.as_slice() else {
            return Ok(());
        };
        let pair = [first, second];
        let mut read_to = MessageId(0);
        let mut newest = MessageId(0);
        for (index, (sender, text)) in DEMO_DIALOGUE.iter().enumerate() {
            let (from, to) = (pair[*sender], pair[1 - sender]);
            let draft = service::draft(text, "").map_err(SeedError::at("chat message"))?;
            let message = service::send(state, from, &to.uuid, draft)
                .await
                .map_err(SeedError::at("chat message"))?;
            if index < READ_BY_FIRST {
                read_to = MessageId(message.id);
            }
            newest = MessageId(message.id);
        }
        service::read(state, second, &first.uuid, newest)
            .await
            .map_err(SeedError::at("chat read"))?;
        service::read(state, first, &second.uuid, read_to)
            .await
            .map_err(SeedError::at("chat read"))?;
        Ok(())
    })
}
