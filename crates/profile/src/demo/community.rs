//! The demo community: members around the demo logins, so recommendations, search and the
//! like and visitor lists have people to show. Each member is made from small tables combined
//! by their number: a name, a city, an age, a job, a pastime, a temperament and a wish. The
//! tables other than the names have lengths that share no factor with one another or with 2,
//! so neighbours differ in everything and both sexes live in every city. Ages are counted
//! back from the day of the seed, so they stay between 22 and 45 whenever it runs.

use std::borrow::Cow;

use super::DemoProfile;

/// A member of the community: who they are to the accounts crate, and their profile.
pub(super) struct Person {
    pub username: &'static str,
    pub nickname: &'static str,
    pub profile: DemoProfile,
}

/// (username, nickname); the women take the even numbers, the men the odd ones.
const WOMEN: &[(&str, &str)] = &[
    ("xiaowen", "晓雯"),
    ("siqi", "思琪"),
    ("yutong", "雨桐"),
    ("jiayi", "佳怡"),
    ("mengyao", "梦瑶"),
    ("jingyi", "静怡"),
    ("kexin", "可欣"),
    ("wanqing", "婉清"),
    ("shihan", "诗涵"),
    ("ruoxi", "若溪"),
    ("yueyue", "悦悦"),
    ("xiaolu", "小鹿"),
    ("qianqian", "芊芊"),
    ("anran", "安然"),
    ("yinuo", "一诺"),
    ("muqing", "沐晴"),
    ("chengzi", "橙子"),
    ("xiaxia", "夏夏"),
    ("qingchuan", "晴川"),
    ("niannian", "念念"),
    ("susu", "苏苏"),
    ("nannan", "楠楠"),
    ("xinyi", "心怡"),
    ("manman", "蔓蔓"),
    ("nuannuan", "暖暖"),
    ("duoduo", "朵朵"),
    ("qiqi", "七七"),
];

const MEN: &[(&str, &str)] = &[
    ("zixuan", "子轩"),
    ("haoran", "浩然"),
    ("yuhang", "宇航"),
    ("junjie", "俊杰"),
    ("zhiyuan", "志远"),
    ("mingzhe", "明哲"),
    ("yiming", "一鸣"),
    ("wenbo", "文博"),
    ("chenyang", "晨阳"),
    ("jiahao", "嘉豪"),
    ("tianyou", "天佑"),
    ("yifei", "逸飞"),
    ("ajie", "阿杰"),
    ("zhouzhou", "周舟"),
    ("dapeng", "大鹏"),
    ("xiaobei", "小北"),
    ("shitou", "石头"),
    ("akai", "阿凯"),
    ("binbin", "彬彬"),
    ("yunfan", "云帆"),
    ("siyuan", "思远"),
    ("chengyu", "承宇"),
    ("zekai", "泽楷"),
    ("xiaodong", "晓东"),
    ("haoyu", "浩宇"),
    ("mingxuan", "明轩"),
    ("zhenyu", "振宇"),
];

/// (district code, the place in words); the demo logins' cities (杭州, 深圳, 成都, 武汉)
/// are among them, so recommendations find people in the same city.
const CITIES: &[(&str, &str)] = &[
    ("330106", "杭州市西湖区"),
    ("440305", "深圳市南山区"),
    ("510107", "成都市武侯区"),
    ("420106", "武汉市武昌区"),
    ("110108", "北京市海淀区"),
    ("310115", "上海市浦东新区"),
    ("440106", "广州市天河区"),
    ("320106", "南京市鼓楼区"),
    ("610113", "西安市雁塔区"),
    ("430104", "长沙市岳麓区"),
    ("350203", "厦门市思明区"),
    ("370202", "青岛市市南区"),
    ("500103", "重庆市渝中区"),
    ("410105", "郑州市金水区"),
    ("530102", "昆明市五华区"),
    ("210102", "沈阳市和平区"),
    ("340104", "合肥市蜀山区"),
    ("320508", "苏州市姑苏区"),
    ("120103", "天津市河西区"),
    ("360102", "南昌市东湖区"),
    ("330212", "宁波市鄞州区"),
    ("450103", "南宁市青秀区"),
    ("230103", "哈尔滨市南岗区"),
];

/// Most members are in their late twenties and thirties.
const AGES: &[i64] = &[
    27, 31, 24, 29, 35, 26, 41, 23, 30, 33, 28, 38, 25, 44, 32, 22, 36, 39, 45, 27, 34, 40, 26, 42,
    37, 28, 43,
];

struct Job {
    title: &'static str,
    education: &'static str,
    /// An income code of the catalogue.
    income: i64,
    /// Nobody is younger than this in the job (a doctorate takes its years).
    min_age: i64,
    /// How the member introduces their work.
    line: &'static str,
}

const JOBS: &[Job] = &[
    Job {
        title: "护士",
        education: "本科",
        income: 10,
        min_age: 22,
        line: "在医院做护士，三班倒早就习惯了。",
    },
    Job {
        title: "小学老师",
        education: "本科",
        income: 10,
        min_age: 22,
        line: "在小学教语文，每天和一群孩子斗智斗勇。",
    },
    Job {
        title: "软件工程师",
        education: "本科",
        income: 50,
        min_age: 22,
        line: "做后端开发，写代码之余也在努力保住发际线。",
    },
    Job {
        title: "建筑设计师",
        education: "硕士",
        income: 30,
        min_age: 25,
        line: "做建筑设计，走到哪儿都忍不住多看几眼房子。",
    },
    Job {
        title: "会计",
        education: "本科",
        income: 20,
        min_age: 22,
        line: "在一家外贸公司做会计，细心是职业习惯。",
    },
    Job {
        title: "外科医生",
        education: "博士",
        income: 50,
        min_age: 29,
        line: "是一名外科医生，工作很忙，但真心喜欢这份职业。",
    },
    Job {
        title: "大学讲师",
        education: "博士",
        income: 30,
        min_age: 28,
        line: "在大学教书，平时带学生做项目。",
    },
    Job {
        title: "律师",
        education: "硕士",
        income: 100,
        min_age: 27,
        line: "做律师，工作上讲逻辑，生活里却挺随和。",
    },
    Job {
        title: "咖啡店店主",
        education: "高中",
        income: 20,
        min_age: 24,
        line: "开了一家小咖啡店，每天在咖啡香里醒来。",
    },
    Job {
        title: "厨师",
        education: "高中",
        income: 20,
        min_age: 22,
        line: "在酒店做厨师，最开心的是看客人吃得满足。",
    },
    Job {
        title: "销售经理",
        education: "本科",
        income: 30,
        min_age: 26,
        line: "做销售，天南海北地跑，见过很多人和事。",
    },
    Job {
        title: "公务员",
        education: "本科",
        income: 20,
        min_age: 24,
        line: "在区里做公务员，工作稳定，生活规律。",
    },
    Job {
        title: "平面设计师",
        education: "本科",
        income: 20,
        min_age: 22,
        line: "做平面设计，对颜色和排版有点小强迫症。",
    },
    Job {
        title: "健身教练",
        education: "高中",
        income: 20,
        min_age: 22,
        line: "是一名健身教练，看着学员一点点变好很有成就感。",
    },
    Job {
        title: "数据分析师",
        education: "硕士",
        income: 50,
        min_age: 24,
        line: "做数据分析，习惯用数字看世界。",
    },
    Job {
        title: "摄影师",
        education: "高中",
        income: 20,
        min_age: 22,
        line: "自由摄影师，拍婚礼也拍风景。",
    },
    Job {
        title: "银行职员",
        education: "本科",
        income: 20,
        min_age: 22,
        line: "在银行上班，朝九晚五，周末完全属于自己。",
    },
    Job {
        title: "医药研发",
        education: "硕士",
        income: 30,
        min_age: 25,
        line: "在药企做研发，实验室快成了第二个家。",
    },
    Job {
        title: "电商运营",
        education: "本科",
        income: 20,
        min_age: 22,
        line: "做电商运营，双十一是一年里最忙的时候。",
    },
    Job {
        title: "机械工程师",
        education: "本科",
        income: 30,
        min_age: 23,
        line: "在工厂做机械工程师，喜欢把东西拆开再装好。",
    },
    Job {
        title: "创业者",
        education: "本科",
        income: 100,
        min_age: 28,
        line: "自己开了家小公司，忙，但每天都过得踏实。",
    },
    Job {
        title: "幼儿园老师",
        education: "本科",
        income: 10,
        min_age: 22,
        line: "在幼儿园当老师，每天被一群小朋友围着喊老师。",
    },
    Job {
        title: "记者",
        education: "本科",
        income: 20,
        min_age: 23,
        line: "做记者，喜欢听别人的故事，也喜欢把它们写下来。",
    },
    Job {
        title: "日语翻译",
        education: "硕士",
        income: 30,
        min_age: 25,
        line: "做日语翻译，每天在两种语言之间切换。",
    },
    Job {
        title: "产品经理",
        education: "本科",
        income: 50,
        min_age: 25,
        line: "在互联网公司做产品经理，每天和需求打交道。",
    },
    Job {
        title: "空乘",
        education: "本科",
        income: 20,
        min_age: 22,
        line: "做空乘几年了，飞过很多城市，最喜欢的还是回家。",
    },
    Job {
        title: "心理咨询师",
        education: "硕士",
        income: 30,
        min_age: 27,
        line: "是一名心理咨询师，职业习惯是认真倾听。",
    },
    Job {
        title: "民宿老板",
        education: "高中",
        income: 20,
        min_age: 28,
        line: "在老家开了一间民宿，院子里种满了花。",
    },
    Job {
        title: "牙医",
        education: "硕士",
        income: 50,
        min_age: 26,
        line: "是一名牙医，总忍不住提醒身边的人好好刷牙。",
    },
];

struct Pastime {
    /// Interest codes of the catalogue; the eight of the search form (travel, food, sport,
    /// music, movie, read, photo, draw) come back often, so searching by one finds people.
    hobbies: &'static [&'static str],
    line: &'static str,
}

const PASTIMES: &[Pastime] = &[
    Pastime {
        hobbies: &["travel", "photo", "hike"],
        line: "假期喜欢背着相机去没去过的地方，最近一次是徒步雨崩。",
    },
    Pastime {
        hobbies: &["food", "cook", "bake"],
        line: "爱吃也爱做，周末常在家研究新菜，烤的蛋糕朋友都说好吃。",
    },
    Pastime {
        hobbies: &["sport", "run", "swim"],
        line: "每周跑三次步，夏天去游泳，运动完整个人都轻松了。",
    },
    Pastime {
        hobbies: &["music", "guitar", "concert"],
        line: "学了几年吉他，喜欢的乐队来巡演一定去现场。",
    },
    Pastime {
        hobbies: &["movie", "read", "coffee"],
        line: "下班后喜欢看场电影，或者找家咖啡馆读几页书。",
    },
    Pastime {
        hobbies: &["read", "history", "museum"],
        line: "喜欢读历史，到一座新城市总要先去它的博物馆。",
    },
    Pastime {
        hobbies: &["photo", "citywalk", "food"],
        line: "喜欢在老街巷里边走边拍，顺便找找藏在巷子里的小吃。",
    },
    Pastime {
        hobbies: &["draw", "design", "exhibit"],
        line: "闲时画画水彩，有好的展览一定会去看。",
    },
    Pastime {
        hobbies: &["travel", "food", "roadtrip"],
        line: "喜欢自驾，去年开车走了一趟川西，一路吃一路玩。",
    },
    Pastime {
        hobbies: &["sport", "badminton", "basket"],
        line: "羽毛球打了十几年，周末总要约球友打两场。",
    },
    Pastime {
        hobbies: &["music", "sing", "movie"],
        line: "爱唱歌也爱看电影，KTV 里是公认的麦霸。",
    },
    Pastime {
        hobbies: &["yoga", "read", "tea"],
        line: "每天早上练半小时瑜伽，晚上泡壶茶看看书。",
    },
    Pastime {
        hobbies: &["travel", "camp", "star"],
        line: "喜欢露营，找个没有光污染的地方看一晚星星。",
    },
    Pastime {
        hobbies: &["pet", "movie", "cook"],
        line: "养了一只橘猫，周末在家做饭、追剧，也很满足。",
    },
    Pastime {
        hobbies: &["photo", "travel", "bird"],
        line: "业余爱好是拍鸟，天再冷也愿意早起蹲在湖边。",
    },
    Pastime {
        hobbies: &["sport", "gym", "food"],
        line: "坚持健身三年，但从不亏待自己的胃。",
    },
    Pastime {
        hobbies: &["draw", "music", "piano"],
        line: "小时候学过钢琴，现在偶尔弹弹，也喜欢随手画速写。",
    },
    Pastime {
        hobbies: &["read", "write", "movie"],
        line: "喜欢读小说，自己也写点东西，算半个文艺青年。",
    },
    Pastime {
        hobbies: &["fishing", "tea", "travel"],
        line: "周末去水库钓鱼，一坐就是一下午，享受那份安静。",
    },
    Pastime {
        hobbies: &["mystery", "boardgame", "food"],
        line: "喜欢和朋友玩剧本杀、桌游，散场后一起去吃夜宵。",
    },
    Pastime {
        hobbies: &["dance", "music", "travel"],
        line: "跳了几年街舞，现在更喜欢跟着音乐去旅行。",
    },
    Pastime {
        hobbies: &["cycle", "photo", "sport"],
        line: "骑行爱好者，环过青海湖，一路拍了很多照片。",
    },
    Pastime {
        hobbies: &["draw", "travel", "photo"],
        line: "喜欢一边旅行一边画速写，本子里攒了好多城市。",
    },
    Pastime {
        hobbies: &["callig", "tea", "read"],
        line: "练了几年书法，周末泡一壶茶，写几页字。",
    },
    Pastime {
        hobbies: &["travel", "abroad", "eng"],
        line: "喜欢出国旅行，为此一直坚持学英语。",
    },
];

/// Personality tags of the catalogue, three to a member.
const TEMPERAMENTS: &[&[&str]] = &[
    &["gentle", "caring", "family"],
    &["cheerful", "humorous", "sociable"],
    &["calm", "rational", "responsible"],
    &["independent", "ambitious", "efficient"],
    &["optimistic", "energetic", "free"],
    &["introvert", "listener", "neat"],
    &["romantic", "creative", "curious"],
    &["steady", "honest", "practical"],
    &["warm", "loyal", "traditional"],
    &["extrovert", "passionate", "leader"],
    &["reserved", "meticulous", "punctual"],
    &["open", "intuitive", "expressive"],
    &["humble", "teamplayer", "earlybird"],
];

const WISHES: &[&str] = &[
    "希望遇到一个真诚、聊得来的人，一起把日子过得有滋有味。",
    "想找一个三观合拍的人，周末一起出门，平时各自努力。",
    "不着急，相信对的人会在对的时候出现。",
    "希望另一半善良、有责任心，能一起面对生活的好与不好。",
    "想认识一个愿意分享日常的人，哪怕只是今天吃了什么。",
    "期待一段轻松、彼此尊重的感情。",
    "如果你也喜欢简单踏实的生活，欢迎来打个招呼。",
    "希望找一个能一起成长、彼此欣赏的伴侣。",
    "想找个人一起做饭、散步、看晚霞。",
    "希望找一个情绪稳定、有趣的人，一起把平凡的日子过好。",
    "愿意慢慢了解彼此，从朋友做起也很好。",
];

/// Mostly none; a few members believe.
const FAITHS: &[&str] = &[
    "无宗教信仰",
    "无宗教信仰",
    "佛教",
    "无宗教信仰",
    "无宗教信仰",
    "无宗教信仰",
    "基督教",
    "无宗教信仰",
    "无宗教信仰",
    "不便透露",
    "无宗教信仰",
    "无宗教信仰",
    "佛教",
    "无宗教信仰",
    "道教",
    "无宗教信仰",
    "无宗教信仰",
];

/// The community on the day `today` (yyyymmdd): every woman and man of the name tables.
pub(super) fn people(today: i64) -> Vec<Person> {
    (0..WOMEN.len() + MEN.len())
        .map(|number| person(number, today))
        .collect()
}

fn person(number: usize, today: i64) -> Person {
    let woman = number.is_multiple_of(2);
    let (username, nickname) = if woman { WOMEN } else { MEN }[number / 2];
    let age = AGES[number % AGES.len()];
    let (region, location) = CITIES[number % CITIES.len()];
    let home = if number.is_multiple_of(3) {
        CITIES[(number + 8) % CITIES.len()].0
    } else {
        region
    };
    let job = JOBS
        .iter()
        .cycle()
        .skip(number % JOBS.len())
        .find(|job| job.min_age <= age)
        .unwrap_or(&JOBS[0]);
    let pastime = &PASTIMES[number % PASTIMES.len()];
    // Some members in their thirties and forties are divorced and bring up a child or two.
    let children = if age >= 32 && number % 5 == 3 {
        [(1, 0), (0, 1), (1, 1)][number / 5 % 3]
    } else {
        (0, 0)
    };
    let divorced = children != (0, 0);
    let height = if woman {
        155 + (number as i64 * 7) % 17
    } else {
        168 + (number as i64 * 5) % 19
    };
    let weight = if woman {
        height - 113 + (number as i64 * 3) % 7
    } else {
        height - 107 + (number as i64 * 3) % 11
    };
    let introduction = [
        job.line,
        pastime.line,
        family_line(children),
        WISHES[number % WISHES.len()],
    ]
    .concat();
    Person {
        username,
        nickname,
        profile: DemoProfile {
            gender: if woman { "female" } else { "male" },
            birthday: birthday(today, age, number),
            height,
            weight,
            region,
            home,
            location,
            education: job.education,
            occupation: job.title,
            income: job.income,
            marital_status: if divorced { "离异" } else { "未婚" },
            children,
            religion: FAITHS[number % FAITHS.len()],
            hobbies: pastime.hobbies,
            tags: TEMPERAMENTS[number % TEMPERAMENTS.len()],
            introduction: Cow::Owned(introduction),
            photos: 1 + usize::from(number % 7 == 3),
            protected: number % 9 == 4,
        },
    }
}

fn family_line(children: (i64, i64)) -> &'static str {
    match children {
        (0, 0) => "",
        (1, 0) => "离异，有一个儿子跟着我生活，孩子很懂事。",
        (0, _) => "离异，有一个女儿跟着我生活，孩子很懂事。",
        _ => "离异，一儿一女跟着我生活，孩子们都很懂事。",
    }
}

/// A birthday (yyyymmdd) on which someone is `age` on `today`; month and day vary with
/// `number` and stop at the 28th, so every month has the day.
fn birthday(today: i64, age: i64, number: usize) -> i64 {
    let number = number as i64;
    let month_day = (1 + number * 5 % 12) * 100 + 1 + number * 11 % 28;
    let year = today / 10_000 - age - i64::from(month_day > today % 10_000);
    year * 10_000 + month_day
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;
    use crate::catalogue;
    use crate::form::check_birthday;
    use crate::model::age_on;

    const TODAY: i64 = 20261124;

    fn greatest_common_divisor(a: usize, b: usize) -> usize {
        if b == 0 {
            a
        } else {
            greatest_common_divisor(b, a % b)
        }
    }

    #[test]
    fn the_table_lengths_share_no_factor() {
        let lengths = [
            CITIES.len(),
            AGES.len(),
            JOBS.len(),
            PASTIMES.len(),
            TEMPERAMENTS.len(),
            WISHES.len(),
            FAITHS.len(),
        ];
        for (index, length) in lengths.iter().enumerate() {
            assert_eq!(length % 2, 1, "table {index} has an odd length");
            for other in &lengths[index + 1..] {
                assert_eq!(
                    greatest_common_divisor(*length, *other),
                    1,
                    "{length} and {other}"
                );
            }
        }
        assert_eq!(WOMEN.len(), MEN.len());
    }

    #[test]
    fn every_value_is_one_the_profile_form_accepts() {
        for person in people(TODAY) {
            let profile = &person.profile;
            let who = person.username;
            assert!(check_birthday(profile.birthday, TODAY).is_ok(), "{who}");
            assert!(
                (22..=45).contains(&age_on(profile.birthday, TODAY)),
                "{who}"
            );
            for code in [profile.region, profile.home] {
                assert!(
                    catalogue::is_region_path(&code[..2], &code[..4], code),
                    "{who}"
                );
            }
            assert!(catalogue::is_education(profile.education), "{who}");
            assert!(catalogue::is_income_code(profile.income), "{who}");
            assert!(
                catalogue::is_marital_status(profile.marital_status),
                "{who}"
            );
            assert!(catalogue::is_religion(profile.religion), "{who}");
            let hobbies = profile.hobbies.iter();
            assert!(
                hobbies
                    .clone()
                    .all(|code| catalogue::hobby_name(code).is_some()),
                "{who}"
            );
            let tags = profile.tags.iter();
            assert!(
                tags.clone().all(|code| catalogue::tag_name(code).is_some()),
                "{who}"
            );
        }
    }

    #[test]
    fn the_community_is_varied() {
        let people = people(TODAY);
        let count = |pick: &dyn Fn(&DemoProfile) -> bool| {
            people.iter().filter(|person| pick(&person.profile)).count()
        };
        assert!(people.len() >= 54);
        assert_eq!(
            count(&|p| p.gender == "female") * 2,
            people.len(),
            "as many women as men"
        );
        let usernames: HashSet<_> = people.iter().map(|p| p.username).collect();
        assert_eq!(usernames.len(), people.len());
        let introductions: HashSet<_> = people.iter().map(|p| &p.profile.introduction).collect();
        assert_eq!(
            introductions.len(),
            people.len(),
            "every introduction differs"
        );
        let provinces: HashSet<_> = people.iter().map(|p| &p.profile.region[..2]).collect();
        assert!(provinces.len() >= 12, "{provinces:?}");
        let ages: HashSet<_> = people
            .iter()
            .map(|p| age_on(p.profile.birthday, TODAY))
            .collect();
        assert_eq!(ages.len(), 24, "every age from 22 to 45");

        for gender in ["female", "male"] {
            let divorced = count(&|p| p.gender == gender && p.marital_status == "离异");
            assert!(
                (2..people.len() / 8).contains(&divorced),
                "{divorced} {gender} divorced"
            );
            let with_children = count(&|p| p.gender == gender && p.children != (0, 0));
            assert_eq!(
                with_children, divorced,
                "the divorced {gender} members have children"
            );
        }
        let protecting = count(&|p| p.protected);
        assert!(
            (2..people.len() / 4).contains(&protecting),
            "a few protect their photos"
        );
        for hobby in [
            "travel", "food", "sport", "music", "movie", "read", "photo", "draw",
        ] {
            let sharing = count(&|p| p.hobbies.contains(&hobby));
            assert!(sharing >= 5, "{hobby} is shared by {sharing}");
        }
        for (city, _) in CITIES {
            let sexes: HashSet<_> = people
                .iter()
                .filter(|p| p.profile.region == *city)
                .map(|p| p.profile.gender)
                .collect();
            assert_eq!(sexes.len(), 2, "both sexes live in {city}");
        }
    }
}
