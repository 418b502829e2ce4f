DROP TABLE wechat_login_states;
DROP TABLE wechat_openids;
DROP TABLE wechat_identities;
