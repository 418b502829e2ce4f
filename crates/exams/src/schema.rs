diesel::table! {
    exams (id) {
        id -> BigInt,
        creator_id -> BigInt,
        exam_name -> Text,
        profile -> Text,
        description -> Text,
        question_count -> BigInt,
        time_limit -> BigInt,
        fee -> BigInt,
        one_free -> Bool,
        cover -> Text,
        thumb -> Text,
        questions_type -> Text,
        health_screening -> Bool,
        instrument -> Text,
        evaluator_user_ids -> Text,
        evaluatee_user_ids -> Text,
        report_average_user_ids -> Text,
        report_detail_user_ids -> Text,
        audit_status -> BigInt,
        audit_message -> Text,
        audit_time -> BigInt,
        removed -> Bool,
        state -> BigInt,
        praise -> BigInt,
        category_id -> BigInt,
        is_hot -> Bool,
        home_display -> Bool,
        created_at -> BigInt,
        updated_at -> BigInt,
    }
}

diesel::table! {
    exam_contents (exam_id) {
        exam_id -> BigInt,
        questions -> Text,
        original_questions -> Text,
        question_keys -> Text,
        max_score -> Text,
        summarys -> Text,
        feedbacks -> Text,
        stops -> Text,
        crisis -> Text,
    }
}

diesel::table! {
    exam_entitlements (user_id, exam_id) {
        user_id -> BigInt,
        exam_id -> BigInt,
        purchases -> BigInt,
        attempts_bought -> BigInt,
        attempts_used -> BigInt,
    }
}

diesel::table! {
    exam_purchases (id) {
        id -> BigInt,
        user_id -> BigInt,
        exam_id -> BigInt,
        fee -> BigInt,
        order_no -> Text,
        created_at -> BigInt,
    }
}

diesel::table! {
    exam_sessions (user_id, exam_id) {
        user_id -> BigInt,
        exam_id -> BigInt,
        started_at -> BigInt,
        choices -> Text,
        updated_at -> BigInt,
    }
}

diesel::table! {
    exam_results (id) {
        id -> BigInt,
        user_id -> BigInt,
        exam_id -> BigInt,
        choices -> Text,
        answer -> Text,
        exam_result -> Text,
        max_score -> Text,
        summary -> Text,
        crisis -> Bool,
        total_time -> BigInt,
        overtime -> Bool,
        in_matching -> Bool,
        created_at -> BigInt,
        updated_at -> BigInt,
    }
}

diesel::joinable!(exam_contents -> exams (exam_id));
diesel::joinable!(exam_results -> exams (exam_id));

diesel::allow_tables_to_appear_in_same_query!(
    exams,
    exam_contents,
    exam_entitlements,
    exam_purchases,
    exam_sessions,
    exam_results
);
