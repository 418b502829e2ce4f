diesel::table! {
    blogs (id) {
        id -> BigInt,
        creator_id -> BigInt,
        title -> Text,
        summary -> Text,
        content -> Text,
        banner -> Text,
        twitter_author -> Text,
        is_published -> Bool,
        is_approved -> Bool,
        held -> Bool,
        created_at -> BigInt,
        updated_at -> BigInt,
    }
}

diesel::table! {
    blog_authors (blog_id, user_id) {
        blog_id -> BigInt,
        user_id -> BigInt,
        position -> BigInt,
    }
}

diesel::table! {
    blog_invitations (blog_id, user_id) {
        blog_id -> BigInt,
        user_id -> BigInt,
        inviter_id -> BigInt,
        created_at -> BigInt,
    }
}

diesel::table! {
    blog_tags (id) {
        id -> BigInt,
        tag -> Text,
        tag_key -> Text,
    }
}

diesel::table! {
    blog_categories (id) {
        id -> BigInt,
        category -> Text,
        category_key -> Text,
    }
}

diesel::table! {
    blog_tag_links (blog_id, tag_id) {
        blog_id -> BigInt,
        tag_id -> BigInt,
        position -> BigInt,
    }
}

diesel::table! {
    blog_category_links (blog_id, category_id) {
        blog_id -> BigInt,
        category_id -> BigInt,
        position -> BigInt,
    }
}

diesel::joinable!(blog_tag_links -> blog_tags (tag_id));
diesel::joinable!(blog_invitations -> blogs (blog_id));
diesel::joinable!(blog_category_links -> blog_categories (category_id));

diesel::allow_tables_to_appear_in_same_query!(
    blogs,
    blog_authors,
    blog_invitations,
    blog_tags,
    blog_categories,
    blog_tag_links,
    blog_category_links
);
