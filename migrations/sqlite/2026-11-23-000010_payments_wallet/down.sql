DROP TABLE purchases;
DROP TABLE recharge_orders;
DROP TABLE wallet_transactions;
DROP TABLE wallet_balances;
