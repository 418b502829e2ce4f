DROP TABLE captchas;
