diesel::table! {
    knowledge_points (id) {
        id -> BigInt,
        name -> Text,
        category -> Text,
        level -> BigInt,
        description -> Text,
        content -> Text,
        examples -> Text,
        reference_list -> Text,
        created_at -> BigInt,
        updated_at -> BigInt,
    }
}

diesel::table! {
    knowledge_courses (id) {
        id -> BigInt,
        name -> Text,
        description -> Text,
        category -> Text,
        level -> BigInt,
        fee -> BigInt,
        banner -> Text,
        kp_tree -> Text,
        point_count -> BigInt,
        created_at -> BigInt,
        updated_at -> BigInt,
    }
}

diesel::table! {
    knowledge_course_points (course_id, point_id) {
        course_id -> BigInt,
        point_id -> BigInt,
    }
}

diesel::table! {
    knowledge_prerequisites (id) {
        id -> BigInt,
        parent_id -> BigInt,
        child_id -> BigInt,
    }
}

diesel::table! {
    knowledge_resources (id) {
        id -> BigInt,
        name -> Text,
        content -> Text,
        url -> Text,
        iframe -> Text,
        kind -> Text,
        difficulty -> BigInt,
        created_at -> BigInt,
        updated_at -> BigInt,
    }
}

diesel::table! {
    knowledge_relations (id) {
        id -> BigInt,
        point_id -> BigInt,
        resource_id -> BigInt,
    }
}

diesel::table! {
    knowledge_graph_lock (id) {
        id -> BigInt,
        version -> BigInt,
    }
}

diesel::table! {
    knowledge_graphs (course_id) {
        course_id -> BigInt,
        nodes -> Text,
        updated_by -> BigInt,
        updated_at -> BigInt,
    }
}

diesel::table! {
    knowledge_exercises (resource_id) {
        resource_id -> BigInt,
        questions -> Text,
    }
}

diesel::table! {
    knowledge_learning (user_id, point_id) {
        user_id -> BigInt,
        point_id -> BigInt,
        opened_at -> BigInt,
        seconds -> BigInt,
        mastered_at -> BigInt,
        score -> BigInt,
        card -> Text,
        due_at -> BigInt,
    }
}

diesel::table! {
    knowledge_plays (user_id, resource_id) {
        user_id -> BigInt,
        resource_id -> BigInt,
        permille -> BigInt,
        updated_at -> BigInt,
    }
}

diesel::table! {
    knowledge_clocks (user_id) {
        user_id -> BigInt,
        last_beat_at -> BigInt,
    }
}

diesel::table! {
    knowledge_study_days (user_id, day) {
        user_id -> BigInt,
        day -> BigInt,
        seconds -> BigInt,
    }
}

diesel::table! {
    knowledge_attempts (id) {
        id -> BigInt,
        user_id -> BigInt,
        resource_id -> BigInt,
        score -> BigInt,
        created_at -> BigInt,
    }
}

diesel::joinable!(knowledge_course_points -> knowledge_courses (course_id));
diesel::joinable!(knowledge_learning -> knowledge_points (point_id));

diesel::allow_tables_to_appear_in_same_query!(
    knowledge_points,
    knowledge_courses,
    knowledge_course_points,
    knowledge_prerequisites,
    knowledge_resources,
    knowledge_relations,
    knowledge_exercises,
    knowledge_learning,
    knowledge_plays,
    knowledge_attempts,
);
