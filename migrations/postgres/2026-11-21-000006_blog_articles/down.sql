DROP TABLE blog_category_links;
DROP TABLE blog_tag_links;
DROP TABLE blog_categories;
DROP TABLE blog_tags;
DROP TABLE blog_authors;
DROP TABLE blogs;
